import type { SidebarItem } from '../../types';
import { useRoute } from '../../hooks/useRoute';
import { translate } from '../../i18n/translate';
import { Link } from '../Link';
import { SidebarCategory } from './SidebarCategory';
import { isSameRoute } from './activeItem';

/** The desktop docs sidebar (hidden below 996 px, where the mobile menu shows it instead). */
export function DocSidebar({ items }: { items: SidebarItem[] }) {
  return (
    <aside className="dg-sidebar">
      <nav className="dg-sidebar__nav" aria-label={translate('sidebar.ariaLabel')}>
        <DocSidebarMenu items={items} />
      </nav>
    </aside>
  );
}

/** The sidebar's tree of links and collapsible categories. */
export function DocSidebarMenu({ items, onNavigate }: { items: SidebarItem[]; onNavigate?(): void }) {
  return (
    <ul className="dg-menu__list">
      <SidebarItems items={items} level={1} onNavigate={onNavigate} />
    </ul>
  );
}

export function SidebarItems({ items, level, onNavigate }: { items: SidebarItem[]; level: number; onNavigate?(): void }) {
  const { page } = useRoute();
  return (
    <>
      {items.map((item, i) => item.type === 'category'
        ? <SidebarCategory key={`${item.label}-${i}`} item={item} level={level} onNavigate={onNavigate} />
        : item.type === 'html'
          ? <SidebarHtml key={`html-${i}`} item={item} />
          : <SidebarLink key={`${item.href}-${i}`} item={item} active={isSameRoute(item.href, page.path)} onNavigate={onNavigate} />)}
    </>
  );
}

function SidebarLink({ item, active, onNavigate }: { item: Extract<SidebarItem, { type: 'link' }>; active: boolean; onNavigate?(): void }) {
  return (
    <li className={`dg-menu__item ${item.className ?? ''}`.trim()}>
      <Link href={item.href} className={`dg-menu__link ${active ? 'dg-menu__link--active' : ''}`.trim()}
        aria-current={active ? 'page' : undefined} onClick={onNavigate}>
        {item.label}
      </Link>
    </li>
  );
}

/** Raw HTML from a sidebars file (`type: 'html'`), as Docusaurus renders it: the site's own markup. */
function SidebarHtml({ item }: { item: Extract<SidebarItem, { type: 'html' }> }) {
  const className = `${item.defaultStyle ? 'dg-menu__item' : ''} ${item.className ?? ''}`.trim();
  return <li className={className || undefined} dangerouslySetInnerHTML={{ __html: item.value }} />;
}
