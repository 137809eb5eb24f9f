import type { SidebarItem } from '../../types';
import { useRoute } from '../../hooks/useRoute';
import { translate } from '../../i18n/translate';
import { Link } from '../Link';
import { SidebarCategory } from './SidebarCategory';
import { isSameRoute } from './activeItem';
import { memoSlot } from './memo-slot';

// A relative import ending in "/docusaurus": the bundler gives the site's swizzle of it instead,
// when there is one. Required only where the bundler's define turns it on (esbuild follows no
// require in a dead branch), so a site without such a swizzle ships none of it.
const DocusaurusSidebarItems: typeof import('../DocSidebarItems/docusaurus').default = process.env.DOCGEN_DOCUSAURUS_SIDEBAR
  ? require('../DocSidebarItems/docusaurus').default
  : () => null;

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

/**
 * The sidebar's tree of links and collapsible categories. `id` names the menu (one per
 * sidebar shown on the page): each list's id is it plus the list's place in the tree.
 */
export function DocSidebarMenu({ items, id = 'dg-sb', onNavigate }: { items: SidebarItem[]; id?: string; onNavigate?(): void }) {
  // A site that swizzles Docusaurus's DocSidebarItem (or DocSidebarItems, or their parts) gets
  // its items drawn by Docusaurus-shaped components, its own among them (bundle/options.ts).
  if (process.env.DOCGEN_DOCUSAURUS_SIDEBAR) return <DocusaurusSidebarMenu items={items} onNavigate={onNavigate} />;
  return (
    <ul className="dg-menu__list">
      <SidebarItems items={items} level={1} id={id} onNavigate={onNavigate} />
    </ul>
  );
}

function DocusaurusSidebarMenu({ items, onNavigate }: { items: SidebarItem[]; onNavigate?(): void }) {
  const { page } = useRoute();
  return (
    <ul className="dg-menu__list theme-doc-sidebar-menu menu__list">
      <DocusaurusSidebarItems items={items} activePath={page.path} level={1} onItemClick={onNavigate && (() => onNavigate())} />
    </ul>
  );
}

/** `id`: the id of the list the items are in (their categories' lists are named after it). */
export function SidebarItems({ items, level, id, onNavigate }: { items: SidebarItem[]; level: number; id: string; onNavigate?(): void }) {
  const { page } = useRoute();
  return (
    <>
      {items.map((item, i) => item.type === 'category'
        // memoSlot: prerendering only (the browser's bundle has none of it), see server-memo.tsx.
        ? (process.env.DOCGEN_SERVER && memoSlot(item, level, `${id}-${i}`, page.path, `${item.label}-${i}`))
          || <SidebarCategory key={`${item.label}-${i}`} item={item} level={level} id={`${id}-${i}`} onNavigate={onNavigate} />
        : item.type === 'html'
          ? <SidebarHtml key={i} item={item} />
          : <SidebarLink key={i} item={item} active={isSameRoute(item.href, page.path)} onNavigate={onNavigate} />)}
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
