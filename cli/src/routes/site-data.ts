import type { AuthData, FooterData, NavbarItem, NavbarLinkItem, SiteData, VersionData } from '@docgen/core/types';
import type { SiteConfig } from '../config/schema.js';
import type { NavbarItemConfig } from '../config/navbar-schema.js';
import { AggregateDocgenError, ConfigError } from '../errors.js';
import { firstLink, type SidebarResult } from './sidebar.js';
import { basePrefix, joinRoute } from '@docgen/core/url';
import { SIDEBAR_ID, type DocsTreeRoutes, type LocaleRoutes, type RouteTable } from './build-routes.js';
import { docRoute } from './sidebar.js';
import { resolveMessages } from '../i18n/theme-messages.js';

/**
 * SiteConfig + routes → the SiteData the theme renders, one per locale, with that locale's
 * interface strings. Navbar items that
 * point at docs are resolved to URLs here, which is where a docSidebar item with nothing
 * to link to, or a doc item naming a missing doc, is caught.
 */
export function buildSiteData(config: SiteConfig, table: RouteTable, opts: { auth: AuthData | null; search: boolean; siteDir: string }): Map<string, SiteData> {
  const errors: ConfigError[] = [];
  const result = new Map<string, SiteData>();
  const base = basePrefix(config.baseUrl);
  for (const localeRoutes of table.locales) {
    const { locale, prefix } = localeRoutes;
    const internal = (to: string) => (/^[a-z]+:|^\/\//i.test(to) ? to : joinRoute(base, prefix, to));
    const versionsData = [...localeRoutes.versions, ...localeRoutes.instances].map((tree) => versionEntry(tree, config, errors));
    const items = config.themeConfig.navbar.items.map((item, i) =>
      resolveItem(item, `themeConfig.navbar.items.${i}`, { localeRoutes, config, internal, errors, versions: versionsData }),
    );
    const localeConfigs = Object.fromEntries(
      config.i18n.locales.map((l) => {
        const c = config.i18n.localeConfigs[l] ?? {};
        return [l, { label: c.label ?? l, htmlLang: c.htmlLang ?? l, path: l === config.i18n.defaultLocale ? '' : `/${l}` }];
      }),
    );
    const tc = config.themeConfig;
    const footer: FooterData | undefined = tc.footer && {
      ...tc.footer,
      links: tc.footer.links.map((l) =>
        'items' in l ? { ...l, items: l.items.map((x) => ({ ...x, ...(x.to ? { to: internal(x.to) } : {}) })) } : { ...l, ...(l.to ? { to: internal(l.to) } : {}) },
      ) as FooterData['links'],
    };
    result.set(locale, {
      title: config.title,
      ...(config.tagline ? { tagline: config.tagline } : {}),
      baseUrl: config.baseUrl,
      ...(config.favicon ? { favicon: joinRoute(base, config.favicon) } : {}),
      locale: { current: locale, default: config.i18n.defaultLocale, locales: localeConfigs },
      navbar: {
        ...(tc.navbar.title ? { title: tc.navbar.title } : {}),
        ...(tc.navbar.logo ? { logo: { ...tc.navbar.logo, src: internal(tc.navbar.logo.src), ...(tc.navbar.logo.srcDark ? { srcDark: internal(tc.navbar.logo.srcDark) } : {}), href: internal(tc.navbar.logo.href ?? '/') } } : {}),
        hideOnScroll: tc.navbar.hideOnScroll,
        items: items.filter((x): x is NavbarItem => x !== null),
      },
      ...(footer ? { footer } : {}),
      ...(tc.announcementBar ? { announcementBar: tc.announcementBar } : {}),
      colorMode: tc.colorMode,
      // The main docs' versions, and those of each versioned extra instance (for its banners).
      docs: { breadcrumbs: tc.docs.breadcrumbs, ...(tc.docs.sidebar?.autoCollapseCategories ? { autoCollapseCategories: true as const } : {}), versions: versionsData.filter((v) => v.pluginId === undefined || v.versioned).map(({ docsVersion: _, versioned: __, ...v }) => v) },
      auth: opts.auth,
      search: opts.search,
      messages: resolveMessages(locale, { siteDir: opts.siteDir, contentDir: config.contentDir }),
    });
  }
  if (errors.length) throw new AggregateDocgenError(`Invalid site.config.ts (${errors.length} problem${errors.length > 1 ? 's' : ''}):`, errors);
  return result;
}

/** A version of one docs plugin, with its main doc's URL (mainDocId, else its sidebar's first page). */
interface VersionEntry extends VersionData {
  /** Its name in its plugin ('current', '1.0'), which navbar items use. */
  docsVersion: string;
  /** Whether its plugin has versions (an extra instance without is left out of the site's versions). */
  versioned: boolean;
}

function versionEntry({ version, sidebar, docs, docsBase }: DocsTreeRoutes, config: SiteConfig, errors: ConfigError[]): VersionEntry {
  const plugin = version.instance === undefined ? { at: 'docs', versions: config.docs.versions } : { at: `docsInstances.${config.docsInstances.findIndex((i) => i.id === version.instance)}`, versions: config.docsInstances.find((i) => i.id === version.instance)?.versions };
  const cfg = plugin.versions?.find((v) => v.name === version.docsVersion);
  const main = cfg?.mainDocId ? docs.find((d) => d.id === cfg.mainDocId) : undefined;
  if (cfg?.mainDocId && !main) {
    errors.push(new ConfigError(`${plugin.at}.versions.${plugin.versions!.indexOf(cfg)}.mainDocId`, `Doc "${cfg.mainDocId}" does not exist in version "${version.docsVersion}"`));
  }
  return {
    name: version.name,
    label: version.label,
    to: main ? docRoute(docsBase, main) : firstLink(sidebar.items) ?? docsBase,
    isLast: version.isLast,
    ...(version.instance !== undefined ? { pluginId: version.instance } : {}),
    docsVersion: version.docsVersion,
    versioned: plugin.versions !== undefined,
  };
}

interface ResolveContext {
  localeRoutes: LocaleRoutes;
  /** Every docs plugin's versions. */
  versions: VersionEntry[];
  config: SiteConfig;
  internal: (to: string) => string;
  errors: ConfigError[];
}

function resolveItem(item: NavbarItemConfig, at: string, ctx: ResolveContext): NavbarItem | null {
  const { localeRoutes, internal, errors } = ctx;
  const latest = docsTreeOf(item, at, ctx);
  const common = { position: item.position, ...(item.label ? { label: item.label } : {}), ...(item.className ? { className: item.className } : {}) };
  switch (item.type) {
    case 'default':
      return linkItem(item, internal);
    case 'dropdown':
      return { ...common, type: 'dropdown', items: item.items.flatMap((x, j) => dropdownLink(x, `${at}.items.${j}`, ctx)) };
    case 'localeDropdown':
      return { ...common, type: 'localeDropdown', locales: ctx.config.i18n.locales.map((l) => ({ locale: l, label: ctx.config.i18n.localeConfigs[l]?.label ?? l })) };
    case 'search':
      return { ...common, type: 'search' };
    case 'html':
      return { ...common, type: 'html', value: item.value };
    case 'doc': {
      if (!latest) return null; // no such docs tree: already reported
      const doc = latest.docs.find((d) => d.id === item.docId);
      if (!doc) {
        errors.push(new ConfigError(`${at}.docId`, `The doc navbar item names doc "${item.docId}", which does not exist; expected one of: ${latest.docs.slice(0, 12).map((d) => d.id).join(', ')}`));
        return null;
      }
      const to = docRoute(latest.docsBase, doc);
      const activeSidebar = [...latest.sidebars].find(([, s]) => s.order.some((l) => l.href === to))?.[0];
      return { ...common, label: item.label ?? doc.frontMatter.sidebar_label ?? doc.title, type: 'doc', to, docId: doc.id, ...(activeSidebar ? { activeSidebar } : {}) };
    }
    case 'docSidebar': {
      const sidebar = latest && sidebarById(latest.sidebars, item.sidebarId);
      const to = sidebar ? firstLink(sidebar.items) : undefined;
      if (!to) {
        const known = latest ? [...latest.sidebars.keys()] : [];
        const why = sidebar ? 'it has no doc or category page to link to; add a doc to it' : `no sidebar has that id; expected one of: ${known.map((k) => `"${k}"`).join(', ')}`;
        errors.push(new ConfigError(`${at}.sidebarId`, `The docSidebar navbar item points to sidebar "${item.sidebarId}", but ${why}`));
        return null;
      }
      return { ...common, type: 'docSidebar', to, sidebarId: item.sidebarId, activeSidebar: item.sidebarId };
    }
    case 'docsVersion': {
      const own = pluginVersions(item, ctx);
      const v = own.find((x) => x.docsVersion === (item.version ?? latest?.version.docsVersion));
      if (!v) return null;
      return { ...common, label: item.label ?? v.label, type: 'docsVersion', to: item.to ? internal(item.to) : v.to, version: v.name };
    }
    case 'docsVersionDropdown': {
      const own = pluginVersions(item, ctx);
      const names = item.versions ?? own.map((v) => v.docsVersion);
      const versions = names.flatMap((n) => own.filter((v) => v.docsVersion === n)).map(({ name, label, to }) => ({ name, label, to }));
      return { ...common, type: 'docsVersionDropdown', versions };
    }
  }
}

/** The versions of the docs plugin an item names (`docsPluginId`; the main docs without one). */
function pluginVersions(item: NavbarItemConfig, ctx: ResolveContext): VersionEntry[] {
  const pluginId = 'docsPluginId' in item && item.docsPluginId !== 'default' ? item.docsPluginId : undefined;
  return ctx.versions.filter((v) => v.pluginId === pluginId);
}

/** The docs a doc or docSidebar item points into: the main docs' last version, or the instance its `docsPluginId` names. */
function docsTreeOf(item: NavbarItemConfig, at: string, ctx: ResolveContext): DocsTreeRoutes | undefined {
  const { localeRoutes } = ctx;
  const pluginId = 'docsPluginId' in item ? item.docsPluginId : undefined;
  if (pluginId === undefined || pluginId === 'default') return localeRoutes.versions.find((v) => v.version.isLast) ?? localeRoutes.versions[0];
  const trees = localeRoutes.instances.filter((t) => t.version.instance === pluginId);
  const tree = trees.find((t) => t.version.isLast) ?? trees[0];
  if (!tree) ctx.errors.push(new ConfigError(`${at}.docsPluginId`, `The navbar item names docs instance "${pluginId}", which is not configured; expected one of: default${localeRoutes.instances.map((t) => `, ${t.version.instance}`).join('')}`));
  return tree;
}

/** A dropdown entry as a link: a doc, sidebar or version entry resolved to its URL (as Docusaurus's dropdown shows them). */
function dropdownLink(item: Extract<NavbarItemConfig, { type: 'dropdown' }>['items'][number], at: string, ctx: ResolveContext): NavbarLinkItem[] {
  if (item.type === 'default') return [linkItem(item, ctx.internal)];
  const resolved = resolveItem({ ...item, position: item.position } as NavbarItemConfig, at, ctx);
  if (!resolved || !('to' in resolved) || !resolved.to) return [];
  return [{ type: 'default', position: item.position, label: resolved.label ?? '', to: resolved.to, ...(item.className ? { className: item.className } : {}) }];
}

function linkItem(item: Extract<NavbarItemConfig, { type: 'default' }>, internal: (to: string) => string): NavbarLinkItem {
  return {
    type: 'default',
    position: item.position,
    ...(item.label ? { label: item.label } : {}),
    ...(item.className ? { className: item.className } : {}),
    ...(item.to ? { to: internal(item.to) } : {}),
    ...(item.href ? { href: item.href } : {}),
    ...(item.activeBasePath ? { activeBasePath: internal(item.activeBasePath) } : {}),
    ...(item.activeBaseRegex ? { activeBaseRegex: item.activeBaseRegex } : {}),
  };
}

/**
 * A sidebar by id. The autogenerated sidebar of a site without a sidebars file answers to
 * docgen's name for it and to Docusaurus's ('defaultSidebar').
 */
function sidebarById(sidebars: Map<string, SidebarResult>, id: string): SidebarResult | undefined {
  const found = sidebars.get(id);
  if (found) return found;
  return sidebars.size === 1 && sidebars.has(SIDEBAR_ID) && id === 'defaultSidebar' ? sidebars.get(SIDEBAR_ID) : undefined;
}
