import { NAVBAR_ITEM_TYPES } from '../navbar-schema.js';
import type { Mapped } from './map-docs.js';

/* eslint-disable @typescript-eslint/no-explicit-any -- a user's Docusaurus config, read defensively */

const pick = (o: any, keys: string[]) => Object.fromEntries(keys.filter((k) => o?.[k] !== undefined).map((k) => [k, o[k]]));
const LOGO_KEYS = ['src', 'srcDark', 'alt', 'width', 'height', 'href'];
const NAV_COMMON = ['type', 'position', 'label', 'className'];
const NAV_KEYS: Record<string, string[]> = {
  default: [...NAV_COMMON, 'to', 'href', 'activeBasePath', 'activeBaseRegex'],
  dropdown: [...NAV_COMMON, 'items'],
  localeDropdown: NAV_COMMON,
  search: NAV_COMMON,
  html: [...NAV_COMMON, 'value'],
  doc: [...NAV_COMMON, 'docId', 'docsPluginId'],
  docSidebar: [...NAV_COMMON, 'sidebarId', 'docsPluginId'],
  docsVersion: [...NAV_COMMON, 'version', 'to', 'docsPluginId'],
  docsVersionDropdown: [...NAV_COMMON, 'versions', 'docsPluginId'],
};

/** What a dropdown can hold in docgen's theme: links, and doc, sidebar or version entries resolved to links. */
const DROPDOWN_ENTRY_TYPES = ['default', 'doc', 'docSidebar', 'docsVersion'];

/** themeConfig → docgen's themeConfig: what the theme draws the same way, each left-out part named once. */
export function mapThemeConfig(tc: any, m: Mapped): void {
  const out = m.out.themeConfig;
  const nav = tc.navbar ?? {};
  out.navbar = {
    ...(typeof nav.title === 'string' ? { title: nav.title } : {}),
    ...(nav.logo?.src ? { logo: pick(nav.logo, LOGO_KEYS) } : {}),
    hideOnScroll: nav.hideOnScroll ?? false,
    items: (nav.items ?? []).flatMap((item: any, i: number) => navItem(item, `themeConfig.navbar.items.${i}`, m)),
  };
  if (tc.footer) {
    const links = (tc.footer.links ?? []).map((col: any) => (Array.isArray(col?.items) ? { ...pick(col, ['title']), items: col.items.flatMap((l: any) => footerLink(l, m)) } : footerLink(col, m)[0])).filter(Boolean);
    out.footer = { ...pick(tc.footer, ['style', 'copyright']), ...(tc.footer.logo?.src ? { logo: pick(tc.footer.logo, LOGO_KEYS) } : {}), links };
  }
  if (tc.announcementBar?.content) out.announcementBar = pick(tc.announcementBar, ['id', 'content', 'backgroundColor', 'textColor', 'isCloseable']);
  if (tc.colorMode) out.colorMode = pick(tc.colorMode, ['defaultMode', 'disableSwitch', 'respectPrefersColorScheme']);
  if (tc.tableOfContents) out.tableOfContents = pick(tc.tableOfContents, ['minHeadingLevel', 'maxHeadingLevel']);
  if (tc.algolia) m.warn("themeConfig.algolia is not used: docgen's built-in search replaces Algolia DocSearch");
  if (tc.docs?.sidebar?.hideable) m.warn('themeConfig.docs.sidebar.hideable is not supported: the sidebar cannot be collapsed');
  if (tc.docs?.sidebar?.autoCollapseCategories) {
    // A swizzled DocSidebarItem reads it (useThemeConfig); docgen's own sidebar does not.
    out.docs = { ...out.docs, sidebar: { autoCollapseCategories: true } };
    m.warn("themeConfig.docs.sidebar.autoCollapseCategories applies only to a swizzled DocSidebarItem: docgen's own sidebar leaves the other categories open");
  }
  if (tc.prism?.additionalLanguages?.length) m.warn(`themeConfig.prism.additionalLanguages is not needed: docgen highlights with highlight.js, which knows most languages (${tc.prism.additionalLanguages.join(', ')})`);
  if (tc.metadata?.length || tc.image) m.warn('themeConfig.metadata and themeConfig.image are not supported: pages get no extra <meta> or social card image');
}

function navItem(item: any, at: string, m: Mapped): any[] {
  // As Docusaurus's NavbarItem: an item with `items` and no type (or 'default') is a dropdown.
  const type = (item?.type ?? 'default') === 'default' && Array.isArray(item?.items) ? 'dropdown' : item?.type ?? 'default';
  if (!(NAVBAR_ITEM_TYPES as readonly string[]).includes(type)) {
    m.warn(`${at}: navbar items of type "${type}" are not supported and are left out of the navbar`);
    return [];
  }
  if (type === 'default' && !item.to && !item.href) {
    m.warn(`${at}: a navbar link without "to" or "href" (${item.html ? 'an html label' : 'nothing to link to'}) is left out`);
    return [];
  }
  const mapped: any = { ...pick(item, NAV_KEYS[type]), type };
  if (mapped.to !== undefined) mapped.to = siteRoute(mapped.to);
  if (type === 'dropdown') {
    mapped.items = (item.items ?? []).flatMap((x: any, j: number) => {
      const entry = navItem({ ...x, type: x.type ?? 'default' }, `${at}.items.${j}`, m);
      if (entry.length && !DROPDOWN_ENTRY_TYPES.includes(entry[0].type)) {
        m.warn(`${at}.items.${j}: a "${entry[0].type}" item inside a dropdown is not supported and is left out`);
        return [];
      }
      return entry;
    });
  }
  if (type === 'dropdown' && !mapped.label) mapped.label = '';
  return [mapped];
}

function footerLink(link: any, m: Mapped): any[] {
  if (!link?.label || (!link.to && !link.href)) {
    m.warn(`themeConfig.footer.links: a footer item without a label and a link (${link?.html ? 'raw html' : 'empty'}) is left out`);
    return [];
  }
  const mapped = pick(link, ['label', 'to', 'href']);
  if (mapped.to !== undefined) mapped.to = siteRoute(mapped.to);
  return [mapped];
}

/**
 * A navbar or footer `to` is a path from the site's base: Docusaurus passes it through
 * useBaseUrl, so 'docs/intro' (no leading slash) is <baseUrl>docs/intro on every page, never
 * relative to the page showing the navbar.
 */
function siteRoute(to: unknown): unknown {
  if (typeof to !== 'string' || to === '' || /^(?:[a-z][a-z\d+.-]*:|\/|#|\?)/i.test(to)) return to;
  return `/${to.replace(/^(?:\.\/)+/, '')}`;
}
