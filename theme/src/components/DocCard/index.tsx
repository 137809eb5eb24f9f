import { toCard } from '@docgen/core/cards';
import type { SidebarItem } from '../../types';
import { useRoute } from '../../hooks/useRoute';
import { CategoryCards } from '../CategoryPage';

/**
 * `@theme/DocCard`: one sidebar item as a card (a doc's description from the page's cards when
 * known), drawn as a list of one by the theme's card list.
 */
export default function DocCard({ item }: { item: SidebarItem }) {
  const { page } = useRoute();
  const card = toCard(item);
  if (!card) return null;
  const description = card.description ?? page.cards?.find((c) => c.href === card.href)?.description;
  return <CategoryCards cards={[description ? { ...card, description } : card]} />;
}
