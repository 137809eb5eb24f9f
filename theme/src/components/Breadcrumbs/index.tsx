import type { NavLink } from '../../types';
import { useSite } from '../../hooks/useSite';
import { translate } from '../../i18n/translate';
import { Link } from '../Link';
import { HomeIcon } from '../Icons';

/** Home icon, then each ancestor category; the last crumb is the current page (not a link). */
export function Breadcrumbs({ items }: { items: NavLink[] }) {
  const { baseUrl } = useSite();
  if (items.length === 0) return null;
  return (
    <nav className="dg-breadcrumbs" aria-label={translate('breadcrumbs.ariaLabel')}>
      <ol className="dg-breadcrumbs__list">
        <li className="dg-breadcrumbs__item">
          <Link href={baseUrl} className="dg-breadcrumbs__link dg-breadcrumbs__home" aria-label={translate('breadcrumbs.home')}>
            <HomeIcon />
          </Link>
        </li>
        {items.map((crumb, i) => {
          const last = i === items.length - 1;
          return (
            <li key={`${crumb.href}-${i}`} className="dg-breadcrumbs__item">
              {last
                ? <span className="dg-breadcrumbs__link dg-breadcrumbs__link--current" aria-current="page">{crumb.title}</span>
                : <Link href={crumb.href} className="dg-breadcrumbs__link">{crumb.title}</Link>}
            </li>
          );
        })}
      </ol>
    </nav>
  );
}
