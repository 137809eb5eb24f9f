import { memo } from 'react';
import type { SidebarItem } from '../../types';
import { DocSidebarItemsExpandedStateProvider } from '../../docusaurus/sidebar-internals';
// A relative import ending in "/docusaurus": the bundler gives the site's swizzle of it instead, when there is one.
import DocSidebarItem from '../DocSidebarItem/docusaurus';

export interface Props {
  items: SidebarItem[];
  activePath: string;
  level: number;
  tabIndex?: number;
  onItemClick?: (item: SidebarItem) => void;
}

/**
 * `@theme/DocSidebarItems`: one list of Docusaurus-shaped sidebar items. Each item is a copy:
 * swizzles mutate the item they are given (`item.href = …`), which must not leak into the
 * route's sidebar that breadcrumbs, pagination and the next page read.
 */
function DocSidebarItems({ items, ...props }: Props) {
  return (
    <DocSidebarItemsExpandedStateProvider>
      {items.map((item, index) => <DocSidebarItem key={index} item={{ ...item }} index={index} {...props} />)}
    </DocSidebarItemsExpandedStateProvider>
  );
}

// Pure: a site without such a swizzle must not ship these components (esbuild drops unused pure calls).
export default /* @__PURE__ */ memo(DocSidebarItems);
