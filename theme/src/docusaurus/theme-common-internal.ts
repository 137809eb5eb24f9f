/**
 * `@docusaurus/theme-common/internal`: the sidebar helpers swizzles of DocSidebarItem import
 * from here (Docusaurus 2 and early 3 kept them here, later 3.x in plugin-content-docs/client).
 */
export {
  DocSidebarItemsExpandedStateProvider, findFirstSidebarItemLink, isActiveSidebarItem, isSamePath,
  ThemeClassNames, useCollapsible, useDocSidebarItemsExpandedState, usePrevious, useThemeConfig, Collapsible,
} from './sidebar-internals';
