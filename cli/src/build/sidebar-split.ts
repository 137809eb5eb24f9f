import type { SidebarItem } from '@docgen/core/types';
import { stripRoute } from '@docgen/core/url';

/**
 * A sidebar whose JSON is under this stays one file, as it always was: small sites make no
 * extra request. A larger one (the 1000-page bench's is 300 KB) is split: each collapsed
 * category's items go to a file of their own, and a page downloads only the top of the tree
 * plus the files of the categories it is in (the ones it draws open).
 */
export const SIDEBAR_SPLIT_BYTES = 64 * 1024;
/** A category whose items are smaller than this keeps them inline: a request costs more. */
export const SIDEBAR_INLINE_BYTES = 1024;

export interface WrittenSidebar {
  /** URL of the top file (the whole sidebar when it is not split). */
  url: string;
  /** Route path → URLs of the files holding the categories that contain it (none when not split). */
  branches: Map<string, string[]>;
}

/**
 * Writes one sidebar through `write` (JSON text → public URL), split when large, unless
 * `keepWhole`: a site's swizzle of Docusaurus's sidebar items expects every category's items in hand.
 */
export function writeSidebar(items: SidebarItem[], write: (text: string) => string, keepWhole = false): WrittenSidebar {
  const whole = JSON.stringify(items);
  const branches = new Map<string, string[]>();
  if (keepWhole || whole.length <= SIDEBAR_SPLIT_BYTES) return { url: write(whole), branches };
  const top = split(items, [], write, branches);
  return { url: write(JSON.stringify(top)), branches };
}

interface OpenNode {
  routes: string[];
}

/**
 * Only categories drawn collapsed are split out: one that is open by configuration or not
 * collapsible is drawn on every page, so its items must travel with its parent. The page
 * draws a collapsed category open when it holds the page (theme's containsRoute: its own
 * href or any href inside), which is exactly the set of files recorded for that route.
 */
function split(items: SidebarItem[], stack: OpenNode[], write: (text: string) => string, branches: Map<string, string[]>): SidebarItem[] {
  const record = (href: string | undefined) => {
    if (href) for (const node of stack) node.routes.push(stripRoute(href));
  };
  return items.map((item) => {
    if (item.type === 'link') record(item.href);
    if (item.type !== 'category') return item;
    if (!(item.collapsible && item.collapsed && item.items.length)) {
      record(item.href);
      return { ...item, items: split(item.items, stack, write, branches) };
    }
    const node: OpenNode = { routes: [] };
    const inner = [...stack, node];
    for (const n of inner) if (item.href) n.routes.push(stripRoute(item.href));
    const children = split(item.items, inner, write, branches);
    const text = JSON.stringify(children);
    if (text.length < SIDEBAR_INLINE_BYTES) return { ...item, items: children };
    const url = write(text);
    for (const route of new Set(node.routes)) {
      const list = branches.get(route) ?? [];
      list.push(url);
      branches.set(route, list);
    }
    return { ...item, items: [], itemsUrl: url };
  });
}
