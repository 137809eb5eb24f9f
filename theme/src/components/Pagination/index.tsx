import type { NavLink } from '../../types';
import { translate } from '../../i18n/translate';
import { Link } from '../Link';

/** Previous and next docs in sidebar order. */
export function Pagination({ prev, next }: { prev?: NavLink; next?: NavLink }) {
  if (!prev && !next) return null;
  return (
    <nav className="dg-pagination" aria-label={translate('pagination.ariaLabel')}>
      {prev ? (
        <Link href={prev.href} className="dg-pagination__link dg-pagination__link--prev" rel="prev">
          <span className="dg-pagination__sublabel">{translate('pagination.previous')}</span>
          <span className="dg-pagination__label">« {prev.title}</span>
        </Link>
      ) : <span />}
      {next && (
        <Link href={next.href} className="dg-pagination__link dg-pagination__link--next" rel="next">
          <span className="dg-pagination__sublabel">{translate('pagination.next')}</span>
          <span className="dg-pagination__label">{next.title} »</span>
        </Link>
      )}
    </nav>
  );
}
