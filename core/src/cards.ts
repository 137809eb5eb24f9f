/**
 * Sidebar items as category cards: one rule for the engine (generated index pages, the cards
 * of a doc a category links to) and the theme (`<DocCardList items={…} />`).
 */
import type { CardItem, SidebarItem } from './types';

/** A sidebar item as a card: a doc (or link) card, or a category card counting its items; raw HTML has none. */
export function toCard(item: SidebarItem): CardItem | null {
  if (item.type === 'html') return null;
  if (item.type === 'link') return { type: 'doc', label: item.label, href: item.href };
  // As Docusaurus's findFirstSidebarItemLink: the category's own page, else its first link.
  return { type: 'category', label: item.label, href: item.href ?? firstLink(item.items) ?? '', count: item.items.length };
}

/** First URL a sidebar (or category) can link to. */
export function firstLink(items: SidebarItem[]): string | undefined {
  for (const item of items) {
    if (item.type === 'html') continue;
    if (item.type === 'link') return item.href;
    if (item.href) return item.href;
    const inner = firstLink(item.items);
    if (inner) return inner;
  }
  return undefined;
}
