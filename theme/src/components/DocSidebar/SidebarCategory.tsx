import { useEffect, useState } from 'react';
import type { SidebarItem } from '../../types';
import { useRoute } from '../../hooks/useRoute';
import { useRuntime } from '../../hooks/useRuntime';
import { translate } from '../../i18n/translate';
import { Link } from '../Link';
import { Collapsible } from '../Collapsible';
import { ChevronIcon } from '../Icons';
import { SidebarItems } from './index';
import { containsRoute, isSameRoute } from './activeItem';

type Category = Extract<SidebarItem, { type: 'category' }>;

/**
 * A sidebar category. With an index page the label is a link and a separate button toggles;
 * without one the label itself is the toggle. It opens by itself when the page is inside it.
 */
export function SidebarCategory({ item, level, id: listId, onNavigate }: { item: Category; level: number; id: string; onNavigate?(): void }) {
  const { page } = useRoute();
  const runtime = useRuntime();
  const active = containsRoute(item, page.path);
  const current = isSameRoute(item.href, page.path);
  const [collapsed, setCollapsed] = useState(item.collapsible && item.collapsed && !active);
  // Children of a category never opened are not rendered (SSR included): at 1000 pages a fully
  // rendered sidebar would be most of every page's HTML and of the build's time.
  const [rendered, setRendered] = useState(!collapsed);
  if (!collapsed && !rendered) setRendered(true);

  useEffect(() => {
    if (active) setCollapsed(false);
  }, [active, page.path]);

  // A large sidebar arrives split: a collapsed category the page is not in may hold only the
  // URL of its items. They are fetched when the reader opens it, and it opens once they are
  // here, so the list slides open to its real height in one go.
  const [fetched, setFetched] = useState<SidebarItem[] | null>(null);
  const pending = item.itemsUrl && !fetched ? item.itemsUrl : null;
  const items = item.itemsUrl ? fetched ?? [] : item.items;
  const toggle = () => {
    if (!collapsed || !pending) return setCollapsed((c) => !c);
    runtime?.loadSidebarItems?.(pending).then((loaded) => {
      setFetched(loaded);
      setCollapsed(false);
    }, console.error); // stays closed: another click tries again
  };
  const expanded = !collapsed;
  const toggleLabel = translate(collapsed ? 'sidebar.expandCategory' : 'sidebar.collapseCategory', { label: item.label });
  const linkClass = `dg-menu__link dg-menu__link--category ${active ? 'dg-menu__link--active-trail' : ''} ${current ? 'dg-menu__link--active' : ''}`.trim();

  return (
    <li className={`dg-menu__item dg-menu__category dg-menu__category--level-${level} ${item.className ?? ''}`.trim()}>
      <div className="dg-menu__category-row">
        {item.href ? (
          <>
            <Link href={item.href} className={linkClass} aria-current={current ? 'page' : undefined}
              onClick={() => {
                // Not loaded yet: the navigation brings its items and opens it (it becomes active).
                if (item.collapsible && collapsed && !pending) setCollapsed(false);
                onNavigate?.();
              }}>
              {item.label}
            </Link>
            {item.collapsible && (
              <button type="button" className="dg-menu__caret" aria-label={toggleLabel} aria-expanded={expanded}
                aria-controls={listId} onClick={toggle}>
                <ChevronIcon />
              </button>
            )}
          </>
        ) : item.collapsible ? (
          <button type="button" className={linkClass} aria-expanded={expanded} aria-controls={listId} onClick={toggle}>
            {item.label}
            <ChevronIcon />
          </button>
        ) : (
          <span className={linkClass}>{item.label}</span>
        )}
      </div>
      <Collapsible collapsed={item.collapsible && collapsed} id={listId} as="ul" className="dg-menu__list">
        {rendered && <SidebarItems items={items} level={level + 1} id={listId} onNavigate={onNavigate} />}
      </Collapsible>
    </li>
  );
}
