import { useRoute } from '../hooks/useRoute';
import type { SidebarItem } from '../types';

type SidebarCategory = Extract<SidebarItem, { type: 'category' }>;

/**
 * `useCurrentSidebarCategory` of `@docusaurus/plugin-content-docs/client` (and of
 * `@docusaurus/theme-common` in Docusaurus 2): the sidebar category whose page is the current
 * doc, as Docusaurus's category index docs list it with `<DocCardList items={…} />`. Where
 * Docusaurus would throw (the doc is no category's page), the category is empty.
 */
export function useCurrentSidebarCategory(): SidebarCategory {
  const { page, sidebar } = useRoute();
  const found = sidebar ? findCategory(sidebar, page.path) : undefined;
  if (found && (found.items.length > 0 || !page.cards)) return found;
  // A large sidebar keeps a collapsed category's items in a file of their own: the engine's
  // cards of the page are the same items.
  const items: SidebarItem[] = (page.cards ?? []).map((c) => (c.type === 'doc'
    ? { type: 'link', label: c.label, href: c.href }
    : { type: 'category', label: c.label, href: c.href, collapsed: true, collapsible: true, items: [] }));
  return { type: 'category', label: found?.label ?? page.title, href: page.path, collapsed: false, collapsible: true, items };
}

/** `useDocsSidebar`: the current doc's sidebar (its name and items), or null. */
export function useDocsSidebar(): { name: string; items: SidebarItem[] } | null {
  const { page, sidebar } = useRoute();
  return sidebar && page.sidebarId ? { name: page.sidebarId, items: sidebar } : null;
}

function findCategory(items: SidebarItem[], href: string): SidebarCategory | undefined {
  for (const item of items) {
    if (item.type !== 'category') continue;
    if (item.href === href) return item;
    const inner = findCategory(item.items, href);
    if (inner) return inner;
  }
  return undefined;
}

// Docusaurus 3's sidebar helpers, which swizzles of DocSidebarItem import from here.
export { DocSidebarItemsExpandedStateProvider, findFirstSidebarItemLink, isActiveSidebarItem, useDocSidebarItemsExpandedState } from './sidebar-internals';
