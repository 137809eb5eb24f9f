import { toCard } from '@docgen/core/cards';
import type { SidebarItem } from '../../types';
import { useRoute } from '../../hooks/useRoute';
import { Card } from '../CategoryPage';

/** `@theme/DocCard`: one sidebar item as a card (a doc's description from the page's cards when known). */
export default function DocCard({ item }: { item: SidebarItem }) {
  const { page } = useRoute();
  const card = toCard(item);
  if (!card) return null;
  const description = card.description ?? page.cards?.find((c) => c.href === card.href)?.description;
  return <Card card={description ? { ...card, description } : card} />;
}
