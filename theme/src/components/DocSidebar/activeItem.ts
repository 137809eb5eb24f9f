import { stripRoute } from '@docgen/core/url';
import type { SidebarItem } from '../../types';

/** Sidebar hrefs and route paths compared without trailing slash, query or hash. */
export function isSameRoute(href: string | undefined, path: string): boolean {
  return href ? stripRoute(href) === stripRoute(path) : false;
}

/**
 * Every route inside an item, computed once per sidebar object and kept: asking each
 * category of every page whether it holds the page walked the whole tree per category, so
 * prerendering N pages cost N² (120 s of a 10,000-page build).
 */
const routesInside = new WeakMap<SidebarItem, Set<string>>();

function routesOf(item: SidebarItem): Set<string> {
  let routes = routesInside.get(item);
  if (routes) return routes;
  routes = new Set(item.type !== 'html' && item.href ? [stripRoute(item.href)] : []);
  if (item.type === 'category') for (const child of item.items) for (const r of routesOf(child)) routes.add(r);
  routesInside.set(item, routes);
  return routes;
}

/** Whether the page is this item or somewhere inside this category. */
export function containsRoute(item: SidebarItem, path: string): boolean {
  return routesOf(item).has(stripRoute(path));
}
