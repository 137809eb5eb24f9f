import type { SidebarItem } from '../../types';
// Relative imports ending in "/docusaurus": the bundler gives the site's swizzle of each part instead, when there is one.
import DocSidebarItemCategory from './Category/docusaurus';
import DocSidebarItemLink from './Link/docusaurus';
import DocSidebarItemHtml from './Html/docusaurus';

export interface Props {
  item: SidebarItem;
  activePath: string;
  level: number;
  index: number;
  tabIndex?: number;
  onItemClick?: (item: SidebarItem) => void;
}

/** `@theme/DocSidebarItem`: one sidebar item, drawn by the part of its type. */
export default function DocSidebarItem({ item, ...props }: Props) {
  switch (item.type) {
    case 'category':
      return <DocSidebarItemCategory item={item} {...props} />;
    case 'html':
      return <DocSidebarItemHtml item={item} {...props} />;
    default:
      return <DocSidebarItemLink item={item} {...props} />;
  }
}
