import type { NavbarItem } from '../../types';
import { translate } from '../../i18n/translate';

/** Stands in for a navbar item that threw while rendering, showing its configuration (SPEC 8). */
export function NavbarItemError({ item, error }: { item: NavbarItem; error: unknown }) {
  return (
    <div className="dg-navbar__item dg-navbar-item-error" role="alert">
      <strong>{translate('navbar.itemError.title')}</strong>
      <p>{translate('navbar.itemError.hint')}</p>
      <pre>{JSON.stringify(item, null, 2)}</pre>
      <p className="dg-navbar-item-error__message">{error instanceof Error ? error.message : String(error)}</p>
    </div>
  );
}
