import type { SidebarItem } from '../../../types';
import { cx, ThemeClassNames } from '../../../docusaurus/sidebar-internals';

/** `@theme/DocSidebarItem/Html`: raw HTML from a sidebars file, with Docusaurus's classes. */
export default function DocSidebarItemHtml({ item, level }: { item: Extract<SidebarItem, { type: 'html' }>; level: number; index: number }) {
  const { value, defaultStyle, className } = item;
  return (
    <li className={cx(ThemeClassNames.docs.docSidebarItemLink, ThemeClassNames.docs.docSidebarItemLinkLevel(level), defaultStyle && 'menu__list-item', className)}
      dangerouslySetInnerHTML={{ __html: value }} />
  );
}
