import type { SidebarItem } from '../../types';

/** Sidebar hrefs and route paths compared without trailing slash, query or hash. */
export function isSameRoute(href: string | undefined, path: string): boolean {
  if (!href) return false;
  const strip = (p: string) => {
    const bare = p.split(/[?#]/)[0];
    return bare.length > 1 ? bare.replace(/\/+$/, '') : bare;
  };
  return strip(href) === strip(path);
}

/** Whether the page is this item or somewhere inside this category. */
export function containsRoute(item: SidebarItem, path: string): boolean {
  if (isSameRoute(item.href, path)) return true;
  return item.type === 'category' && item.items.some((child) => containsRoute(child, path));
}
