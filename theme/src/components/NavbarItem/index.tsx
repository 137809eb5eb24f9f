import type { NavbarItem as NavbarItemData } from '../../types';
import { useRoute } from '../../hooks/useRoute';
import { useSite } from '../../hooks/useSite';
import { SearchBar } from '../SearchBar';
import { ErrorBoundary } from '../ErrorBoundary';
import { isNavbarItemActive } from './isActive';
import { NavLink } from './NavLink';
import { Dropdown } from './Dropdown';
import { LocaleDropdown } from './LocaleDropdown';
import { VersionDropdown } from './VersionDropdown';
import { NavbarItemError } from './ItemError';
import { isSameRoute } from '../DocSidebar/activeItem';

interface NavbarItemProps {
  item: NavbarItemData;
  /** Rendered in the mobile sidebar's primary menu instead of the desktop bar. */
  mobile?: boolean;
  /** Called after the user follows a link (closes the mobile sidebar). */
  onNavigate?(): void;
}

/** One navbar item of any type; an item that throws is replaced by its configuration. */
export function NavbarItem(props: NavbarItemProps) {
  return (
    <ErrorBoundary fallback={({ error }) => <NavbarItemError item={props.item} error={error} />}>
      <NavbarItemContent {...props} />
    </ErrorBoundary>
  );
}

function NavbarItemContent({ item, mobile = false, onNavigate }: NavbarItemProps) {
  const site = useSite();
  const { page } = useRoute();
  const active = isNavbarItemActive(item, page, site.baseUrl);
  const current = 'to' in item && item.to !== undefined && isSameRoute(item.to, page.path);
  switch (item.type) {
    case 'default':
      return <NavLink label={item.label ?? ''} href={item.to ?? item.href ?? site.baseUrl} active={active} current={current}
        mobile={mobile} className={item.className} onSelect={onNavigate} />;
    case 'doc':
    case 'docSidebar':
      return <NavLink label={item.label ?? ''} href={item.to} active={active} current={current} mobile={mobile}
        className={item.className} onSelect={onNavigate} />;
    case 'docsVersion': {
      const label = item.label ?? site.docs.versions.find((v) => v.name === item.version)?.label ?? item.version;
      return <NavLink label={label} href={item.to} active={active} current={current} mobile={mobile} className={item.className} onSelect={onNavigate} />;
    }
    case 'dropdown':
      return <Dropdown mobile={mobile} label={item.label ?? ''} className={item.className} active={active} onNavigate={onNavigate}
        entries={item.items.map((child) => ({
          label: child.label ?? '',
          href: child.to ?? child.href ?? site.baseUrl,
          active: isNavbarItemActive(child, page, site.baseUrl),
        }))} />;
    case 'localeDropdown':
      return <LocaleDropdown item={item} mobile={mobile} onNavigate={onNavigate} />;
    case 'docsVersionDropdown':
      return <VersionDropdown item={item} mobile={mobile} onNavigate={onNavigate} />;
    case 'search':
      // The mobile navbar keeps the search box in the bar itself, not in the sidebar.
      return mobile ? null : <div className={`dg-navbar__item dg-navbar__search ${item.className ?? ''}`.trim()}><SearchBar site={site} /></div>;
    case 'html': {
      const Tag = mobile ? 'li' : 'div';
      return <Tag className={`${mobile ? 'dg-menu__item' : 'dg-navbar__item'} ${item.className ?? ''}`.trim()}
        dangerouslySetInnerHTML={{ __html: item.value }} />;
    }
    default:
      throw new Error(`Unknown navbar item type "${(item as { type?: unknown }).type}".`);
  }
}
