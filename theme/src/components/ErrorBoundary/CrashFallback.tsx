import { translate } from '../../i18n/translate';
import { errorMessages, type FallbackProps } from './index';

/** The main area's crash page; its title and button are the English strings of SPEC 8. */
export function CrashFallback({ error, tryAgain }: FallbackProps) {
  const [message, ...causes] = errorMessages(error);
  return (
    <main id="__docgen_main" className="dg-container dg-crash" tabIndex={-1}>
      <h1>This page crashed.</h1>
      <button type="button" className="dg-button dg-button--primary" onClick={tryAgain}>Try again</button>
      <pre className="dg-crash__error">
        {message}
        {causes.map((cause, i) => (
          <span key={i} className="dg-crash__cause">{'\n\n'}{translate('error.cause')}: {cause}</span>
        ))}
      </pre>
    </main>
  );
}
