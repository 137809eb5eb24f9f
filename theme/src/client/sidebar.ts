import type { SidebarItem } from '../types';

/**
 * A split sidebar (large sites) arrives as its top file plus one file per collapsed category
 * the page is in; categories not loaded yet keep `itemsUrl` and no items. This puts every
 * loaded file in place. A file once loaded stays in every later tree, so a category the
 * reader opened or passed through does not lose its items on the next navigation.
 */
export function assembleSidebar(items: SidebarItem[], nodes: ReadonlyMap<string, SidebarItem[]>): SidebarItem[] {
  if (nodes.size === 0) return items;
  return items.map((item) => {
    if (item.type !== 'category') return item;
    const { itemsUrl, ...rest } = item;
    const loaded = itemsUrl ? nodes.get(itemsUrl) : undefined;
    if (itemsUrl && !loaded) return item;
    return { ...rest, items: assembleSidebar(loaded ?? item.items, nodes) };
  });
}
