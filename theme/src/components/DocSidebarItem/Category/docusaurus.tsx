import { useEffect, useMemo, type MouseEvent } from 'react';
import type { SidebarItem } from '../../../types';
import Link from '../../../docusaurus/Link';
import useIsBrowser from '../../../docusaurus/useIsBrowser';
import { translate } from '../../../i18n/translate';
import {
  Collapsible, cx, findFirstSidebarItemLink, isActiveSidebarItem, isSamePath, ThemeClassNames,
  useCollapsible, useDocSidebarItemsExpandedState, usePrevious, useThemeConfig,
} from '../../../docusaurus/sidebar-internals';
// A relative import ending in "/docusaurus": the bundler gives the site's swizzle of it instead, when there is one.
import DocSidebarItems from '../../DocSidebarItems/docusaurus';

type Category = Extract<SidebarItem, { type: 'category' }> & { linkUnlisted?: boolean };

interface Props {
  item: Category;
  activePath: string;
  level: number;
  index: number;
  tabIndex?: number;
  onItemClick?: (item: SidebarItem) => void;
}

/**
 * `@theme/DocSidebarItem/Category`, with Docusaurus's behaviour and markup: the label links
 * to the category's page when it has one (a separate button toggles), else it is the toggle;
 * the server HTML links a category without a page to its first item, so it can be followed
 * without JavaScript; it opens when the current page is inside it.
 */
export default function DocSidebarItemCategory({ item, onItemClick, activePath, level, index, ...props }: Props) {
  const { items, label, collapsible, className, href } = item;
  const { docs: { sidebar: { autoCollapseCategories } } } = useThemeConfig();
  const isBrowser = useIsBrowser();
  const hrefWithFallback = useMemo(() => {
    if (href && !item.linkUnlisted) return href;
    return isBrowser || !collapsible ? undefined : findFirstSidebarItemLink(item);
  }, [item, href, isBrowser, collapsible]);
  const isActive = isActiveSidebarItem(item, activePath);
  const isCurrentPage = isSamePath(href, activePath);
  const { collapsed, setCollapsed } = useCollapsible({ initialState: () => (collapsible ? (isActive ? false : item.collapsed) : false) });
  const { expandedItem, setExpandedItem } = useDocSidebarItemsExpandedState();
  const updateCollapsed = (toCollapsed = !collapsed) => {
    setExpandedItem(toCollapsed ? null : index);
    setCollapsed(toCollapsed);
  };
  const wasActive = usePrevious(isActive);
  useEffect(() => {
    if (isActive && !wasActive && collapsed) updateCollapsed(false);
  }); // after every render, as Docusaurus's (whose dependencies change on every render)
  useEffect(() => {
    if (collapsible && expandedItem != null && expandedItem !== index && autoCollapseCategories) setCollapsed(true);
  }, [collapsible, expandedItem, index, setCollapsed, autoCollapseCategories]);

  const onClick = (e: MouseEvent) => {
    onItemClick?.(item);
    if (!collapsible) return;
    if (href) updateCollapsed(false);
    else {
      e.preventDefault();
      updateCollapsed();
    }
  };
  return (
    <li className={cx(ThemeClassNames.docs.docSidebarItemCategory, ThemeClassNames.docs.docSidebarItemCategoryLevel(level), 'menu__list-item', { 'menu__list-item--collapsed': collapsed }, className)}>
      <div className={cx('menu__list-item-collapsible', { 'menu__list-item-collapsible--active': isCurrentPage })}>
        <Link className={cx('menu__link', { 'menu__link--sublist': collapsible, 'menu__link--sublist-caret': !href && collapsible, 'menu__link--active': isActive })}
          onClick={onClick} aria-current={isCurrentPage ? 'page' : undefined} role={collapsible && !href ? 'button' : undefined}
          aria-expanded={collapsible && !href ? !collapsed : undefined} href={collapsible ? hrefWithFallback ?? '#' : hrefWithFallback} {...props}>
          {label}
        </Link>
        {href && collapsible && (
          <button type="button" className="clean-btn menu__caret" aria-expanded={!collapsed}
            aria-label={translate(collapsed ? 'sidebar.expandCategory' : 'sidebar.collapseCategory', { label })}
            onClick={(e) => {
              e.preventDefault();
              updateCollapsed();
            }} />
        )}
      </div>
      <Collapsible lazy as="ul" className="menu__list" collapsed={collapsed}>
        <DocSidebarItems items={items} tabIndex={collapsed ? -1 : 0} onItemClick={onItemClick} activePath={activePath} level={level + 1} />
      </Collapsible>
    </li>
  );
}
