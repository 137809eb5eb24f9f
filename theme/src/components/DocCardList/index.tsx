import { toCard } from '@docgen/core/cards';
import type { CardItem, SidebarItem } from '../../types';
import { useRoute } from '../../hooks/useRoute';
import { useCurrentSidebarCategory } from '../../docusaurus/plugin-content-docs-client';
import { CategoryCards } from '../CategoryPage';

/**
 * `@theme/DocCardList`, as Docusaurus docs use it: without `items`, the cards of the category
 * whose page this doc is; with `items` (sidebar items), one card each. A doc card shows its
 * doc's description, a category card its item count; categories with nothing to link to and
 * raw HTML items get no card, as in Docusaurus.
 */
export default function DocCardList({ items, className }: { items?: SidebarItem[]; className?: string }) {
  const { page } = useRoute();
  const current = useCurrentSidebarCategory();
  const known = new Map((page.cards ?? []).map((c) => [c.href, c]));
  const cards = !items && page.cards ? page.cards : (items ?? current.items)
    .map(toCard)
    .filter((c): c is CardItem => c !== null && c.href !== '')
    .map((c) => (c.description || !known.get(c.href)?.description ? c : { ...c, description: known.get(c.href)!.description }));
  // The theme's card list as it is (its runtime has no room for a className prop).
  return className ? <div className={className}><CategoryCards cards={cards} /></div> : <CategoryCards cards={cards} />;
}
