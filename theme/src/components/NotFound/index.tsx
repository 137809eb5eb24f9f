import { useSite } from '../../hooks/useSite';
import { translate } from '../../i18n/translate';
import { Link } from '../Link';

/** Any unknown path (SPEC 2): Portuguese title and a way home. */
export function NotFound() {
  const { baseUrl } = useSite();
  return (
    <main id="__docgen_main" className="dg-container dg-not-found" tabIndex={-1}>
      <h1>{translate('notFound.title')}</h1>
      <p>{translate('notFound.description')}</p>
      <p><Link href={baseUrl} className="dg-button dg-button--primary">{translate('notFound.home')}</Link></p>
    </main>
  );
}
