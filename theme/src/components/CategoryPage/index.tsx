import type { CardItem } from '../../types';
import { translate } from '../../i18n/translate';
import { Link } from '../Link';
import { DocIcon, FolderIcon } from '../Icons';

/** Cards of a generated category index page, one per item in sidebar order. */
export function CategoryCards({ cards }: { cards: CardItem[] }) {
  return (
    <ul className="dg-cards" aria-label={translate('category.cardsAriaLabel')}>
      {cards.map((card) => (
        <li key={card.href}>
          <Link href={card.href} className={`dg-card dg-card--${card.type}`}>
            <span className="dg-card__title">
              {/* The theme's own icons: an emoji renders as an empty box where no emoji font is installed. */}
              {card.type === 'category' ? <FolderIcon /> : <DocIcon />}
              {card.label}
            </span>
            <span className="dg-card__description">{cardDescription(card)}</span>
          </Link>
        </li>
      ))}
    </ul>
  );
}

function cardDescription(card: CardItem): string {
  if (card.description) return card.description;
  if (card.count !== undefined) {
    return card.count === 1 ? translate('category.itemCount.one') : translate('category.itemCount.other', { count: card.count });
  }
  return '';
}
