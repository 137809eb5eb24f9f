import { translate } from '../../i18n/translate';
import { errorMessages } from '../ErrorBoundary';

/**
 * A route's code failed to load (deploy in between, flaky network): reloading fetches the page
 * from the server, which also decides what this URL is (SPEC 8).
 */
export function ChunkError({ error }: { error: unknown }) {
  return (
    <main id="__docgen_main" className="dg-container dg-chunk-error" tabIndex={-1}>
      <h1>{translate('chunkError.title')}</h1>
      <p>{translate('chunkError.description')}</p>
      <p>
        <button type="button" className="dg-button dg-button--primary" onClick={() => window.location.reload()}>
          {translate('chunkError.retry')}
        </button>
      </p>
      <pre className="dg-crash__error">{errorMessages(error).join('\n')}</pre>
    </main>
  );
}
