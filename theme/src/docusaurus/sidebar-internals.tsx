import { createContext, useCallback, useContext, useEffect, useMemo, useRef, useState, type ReactNode, type SetStateAction } from 'react';
import { Collapsible as ThemeCollapsible } from '../components/Collapsible';
import { useSite } from '../hooks/useSite';
import type { SidebarItem } from '../types';

/*
 * What a Docusaurus swizzle of the sidebar items (DocSidebarItem, DocSidebarItems and their
 * parts) imports from `@docusaurus/theme-common`, `…/theme-common/internal` and
 * `@docusaurus/plugin-content-docs/client`, with Docusaurus's behaviour, on docgen's data:
 * docgen's sidebar items already have Docusaurus's shape (type, label, href, items,
 * collapsed, collapsible, className, customProps), and hrefs carry the baseUrl as there.
 */

/** The class names Docusaurus's theme puts on its parts, which swizzles copy (a subset). */
export const ThemeClassNames = {
  common: { editThisPage: 'theme-edit-this-page', lastUpdated: 'theme-last-updated', backToTopButton: 'theme-back-to-top-button', codeBlock: 'theme-code-block', admonition: 'theme-admonition' },
  docs: {
    docSidebarContainer: 'theme-doc-sidebar-container',
    docSidebarMenu: 'theme-doc-sidebar-menu',
    docSidebarItemCategory: 'theme-doc-sidebar-item-category',
    docSidebarItemLink: 'theme-doc-sidebar-item-link',
    docSidebarItemCategoryLevel: (level: number) => `theme-doc-sidebar-item-category-level-${level}`,
    docSidebarItemLinkLevel: (level: number) => `theme-doc-sidebar-item-link-level-${level}`,
    docMarkdown: 'theme-doc-markdown',
  },
};

type Category = Extract<SidebarItem, { type: 'category' }>;

/** Docusaurus's path comparison: trailing slash and case ignored. */
export function isSamePath(a: string | undefined, b: string | undefined): boolean {
  const normalize = (p: string | undefined) => (!p || p.endsWith('/') ? p : `${p}/`)?.toLowerCase();
  return normalize(a) === normalize(b);
}

/** A link on the current page, or a category that is the current page or holds it. */
export function isActiveSidebarItem(item: SidebarItem, activePath: string): boolean {
  if (item.type === 'link') return isSamePath(item.href, activePath);
  if (item.type === 'category') return isSamePath(item.href, activePath) || item.items.some((i) => isActiveSidebarItem(i, activePath));
  return false;
}

/** The first link of an item: its own href, else its first item's (depth first). */
export function findFirstSidebarItemLink(item: SidebarItem): string | undefined {
  if (item.type === 'link') return item.href;
  if (item.type !== 'category') return undefined;
  if (item.href && !(item as Category & { linkUnlisted?: boolean }).linkUnlisted) return item.href;
  for (const sub of item.items) {
    const link = findFirstSidebarItemLink(sub);
    if (link) return link;
  }
  return undefined;
}

interface ExpandedState {
  expandedItem: number | null;
  setExpandedItem: (index: number | null) => void;
}

const ExpandedContext = /* @__PURE__ */ createContext<ExpandedState | null>(null);

/** Which category of one list was opened last (for `autoCollapseCategories`). */
export function DocSidebarItemsExpandedStateProvider({ children }: { children: ReactNode }) {
  const [expandedItem, setExpandedItem] = useState<number | null>(null);
  const value = useMemo(() => ({ expandedItem, setExpandedItem }), [expandedItem]);
  return <ExpandedContext.Provider value={value}>{children}</ExpandedContext.Provider>;
}

export function useDocSidebarItemsExpandedState(): ExpandedState {
  const state = useContext(ExpandedContext);
  if (!state) throw new Error('useDocSidebarItemsExpandedState() must be used inside <DocSidebarItems>');
  return state;
}

export function usePrevious<T>(value: T): T | undefined {
  const ref = useRef<T>();
  useEffect(() => {
    ref.current = value;
  });
  return ref.current;
}

export function useCollapsible({ initialState }: { initialState: boolean | (() => boolean) }) {
  const [collapsed, setCollapsed] = useState<boolean>(initialState ?? false);
  const toggleCollapsed = useCallback(() => setCollapsed((c) => !c), []);
  return { collapsed, setCollapsed: setCollapsed as (value: SetStateAction<boolean>) => void, toggleCollapsed };
}

/**
 * Docusaurus's `Collapsible` on docgen's: `lazy` renders the children only once it has been
 * open (a collapsed category's items are not in the server HTML, as in Docusaurus).
 */
export function Collapsible({ collapsed, lazy, as = 'div', className, children }: { collapsed: boolean; lazy?: boolean; as?: 'div' | 'ul'; className?: string; children: ReactNode; [rest: string]: unknown }) {
  const [rendered, setRendered] = useState(!lazy || !collapsed);
  if (!collapsed && !rendered) setRendered(true);
  return <ThemeCollapsible collapsed={collapsed} as={as} className={className}>{rendered ? children : null}</ThemeCollapsible>;
}

/** `useThemeConfig`: the parts of Docusaurus's themeConfig a sidebar swizzle reads, from the site's config. */
export function useThemeConfig() {
  const { docs } = useSite();
  return { docs: { sidebar: { hideable: false, autoCollapseCategories: docs.autoCollapseCategories === true }, versionPersistence: 'localStorage' } };
}

/** `clsx` for the theme's Docusaurus-shaped parts (the theme does not depend on clsx). */
export function cx(...parts: Array<string | false | null | undefined | Record<string, unknown>>): string {
  const out: string[] = [];
  for (const p of parts) {
    if (!p) continue;
    if (typeof p === 'string') out.push(p);
    else for (const [k, v] of Object.entries(p)) if (v) out.push(k);
  }
  return out.join(' ');
}
