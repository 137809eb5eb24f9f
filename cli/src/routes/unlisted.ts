import type { SidebarItem } from '@docgen/core/types';
import type { SidebarResult } from './sidebar.js';

/**
 * Unlisted docs in a sidebar, as Docusaurus shows them: a doc with `unlisted: true` keeps its
 * sidebar, where its own entry is visible on its page only; every other page's sidebar leaves
 * it out. Docusaurus filters in the browser (`isVisibleSidebarItem`, theme-common's
 * docsUtils); docgen filters here, once per sidebar and once per unlisted doc, so the theme
 * draws the items it is given and the client bundle carries no rule for it.
 */

/**
 * The items a page at `active` shows: an unlisted link only when it is that page; a category
 * when it is active, links to a listed page, or shows an item. A category linking to an
 * unlisted doc keeps its link on that doc's page only.
 */
export function visibleItems(items: SidebarItem[], active?: string): SidebarItem[] {
  const out: SidebarItem[] = [];
  for (const item of items) {
    if (item.type === 'html') out.push(item);
    else if (item.type === 'link') {
      if (!item.unlisted || item.href === active) out.push(item);
    } else {
      const children = visibleItems(item.items, active);
      const ownPage = item.href !== undefined && item.href === active;
      const listedLink = item.href !== undefined && !item.linkUnlisted;
      // (A category holding the active page shows that page's entry: children.length covers it.)
      if (!(ownPage || listedLink || children.length)) continue;
      if (item.linkUnlisted && !ownPage) {
        const { href: _href, linkUnlisted: _unlisted, ...rest } = item;
        out.push({ ...rest, items: children });
      } else out.push(children.every((c, i) => c === item.items[i]) && children.length === item.items.length ? item : { ...item, items: children });
    }
  }
  return out;
}

/** The URLs of the unlisted docs a sidebar holds (linked from an item or a category). */
function unlistedHrefs(items: SidebarItem[], into: string[] = []): string[] {
  for (const item of items) {
    if (item.type === 'link' && item.unlisted) into.push(item.href);
    else if (item.type === 'category') {
      if (item.linkUnlisted && item.href) into.push(item.href);
      unlistedHrefs(item.items, into);
    }
  }
  return into;
}

/**
 * Splits a built sidebar: its items become what every listed page shows, and the result is
 * each unlisted doc's own sidebar, by the doc's URL (empty when the sidebar holds none).
 */
export function splitUnlisted(result: SidebarResult): Map<string, SidebarItem[]> {
  const own = new Map<string, SidebarItem[]>();
  for (const href of unlistedHrefs(result.items)) if (!own.has(href)) own.set(href, visibleItems(result.items, href));
  result.items = visibleItems(result.items);
  return own;
}
