import { existsSync } from 'node:fs';
import path from 'node:path';
import type { PageData, SidebarItem } from '@docgen/core/types';
import type { SiteConfig } from '../config/schema.js';
import { ContentError, DocgenError } from '../errors.js';
import { loadDocsTree, type DocSource, type DocsTree } from '../content/load-docs.js';
import { overlayTranslations } from '../content/overlay.js';
import { loadPages, type PageSource } from '../content/load-pages.js';
import { categoryPageRoute, customPageRoute, docPageRoute, notFoundPageRoute, SIDEBAR_ID, type DocRouteContext } from './route-builders.js';
import { buildSidebar, docRoute, firstLink, type SidebarResult } from './sidebar.js';
import { addPageExtras } from './page-extras.js';
import { tagRoutes } from './tags.js';
import { basePrefix, joinRoute } from '@docgen/core/url';

export { SIDEBAR_ID } from './route-builders.js';

/** Where a route's content comes from. */
export type RouteSource =
  | { kind: 'mdx'; doc: DocSource; links: LinkContext }
  | { kind: 'module'; page: PageSource };

/** Source file → route, for rewriting relative .md/.mdx links within one locale and version. */
export interface LinkContext {
  routeByFile: Map<string, string>;
}

export interface Route {
  path: string;
  locale: string;
  page: PageData;
  /** Key into RouteTable.sidebars, or null. */
  sidebarKey: string | null;
  source?: RouteSource;
}

export interface VersionInfo {
  name: string;
  label: string;
  isLast: boolean;
  /** Docs URL base of this version in the default locale, e.g. '/docs' or '/docs/1.0'. */
  docsBase: string;
}

export interface LocaleRoutes {
  locale: string;
  prefix: string;
  /** Per version: sidebar and docs. */
  versions: { version: VersionInfo; sidebar: SidebarResult; docs: DocSource[]; docsBase: string }[];
}

export interface RouteTable {
  /** Mistakes found while reading the content; the build reports them with compile errors. */
  problems: DocgenError[];
  /** Things to fix that do not stop a build (a tag missing from tags.yml). */
  warnings: string[];
  routes: Route[];
  redirects: Record<string, string>;
  sidebars: Map<string, SidebarItem[]>;
  locales: LocaleRoutes[];
  versions: VersionInfo[];
}

/** config + content folder → every route of the site, with sidebars (pure apart from reading files). */
export function buildRoutes(config: SiteConfig, siteDir: string, opts: { includeDrafts?: boolean } = {}): RouteTable {
  const contentDir = path.join(siteDir, config.contentDir);
  const base = basePrefix(config.baseUrl);
  const routeBase = config.docs.routeBasePath.replace(/^\/+|\/+$/g, '');
  const versions: VersionInfo[] = (config.docs.versions ?? [{ name: 'current' }]).map((v, i) => ({
    name: v.name,
    label: v.label ?? v.name,
    isLast: i === 0,
    docsBase: i === 0 ? joinRoute(base, routeBase) : joinRoute(base, routeBase, v.name),
  }));
  const errors: DocgenError[] = [];
  const collect = <T>(fn: () => T): T | undefined => {
    try {
      return fn();
    } catch (error) {
      if (!(error instanceof DocgenError)) throw error;
      errors.push(error);
      return undefined;
    }
  };

  const defaultTrees = new Map<string, DocsTree>();
  for (const [i, v] of versions.entries()) {
    const dir = i === 0 ? path.join(contentDir, 'docs') : path.join(contentDir, 'versioned_docs', `version-${v.name}`);
    if (i > 0 && !existsSync(dir)) {
      errors.push(new ContentError({ file: path.relative(siteDir, dir) }, `Docs version "${v.name}" is configured (docs.versions) but its folder does not exist; create it with that version's docs`));
      continue;
    }
    const tree = loadDocsTree(dir, siteDir, opts);
    errors.push(...tree.errors);
    defaultTrees.set(v.name, tree);
  }
  const defaultPages = collect(() => loadPages(path.join(contentDir, 'pages'), siteDir)) ?? [];

  const table: RouteTable = { problems: errors, warnings: [], routes: [], redirects: {}, sidebars: new Map(), locales: [], versions };
  const { defaultLocale, locales } = config.i18n;
  const claimed = new Map<string, string>();
  const claim = (routePath: string, file: string) => {
    const other = claimed.get(routePath);
    if (other && other !== file) {
      errors.push(new ContentError({ file, line: 1, column: 1 }, `Route "${routePath}" is claimed by both ${other} and ${file}; change the file name or the "slug" front matter of one of them.`));
    }
    claimed.set(routePath, file);
  };

  for (const locale of locales) {
    const isDefault = locale === defaultLocale;
    const prefix = isDefault ? '' : `/${locale}`;
    const localeDir = path.join(contentDir, 'i18n', locale);
    const localeRoutes: LocaleRoutes = { locale, prefix, versions: [] };
    for (const [i, version] of versions.entries()) {
      const baseTree = defaultTrees.get(version.name);
      if (!baseTree) continue;
      const translated = isDefault
        ? { tree: baseTree, fallback: new Set<DocSource>() }
        : collect(() => overlayTranslations(baseTree, localeDocsRoot(localeDir, i, version.name), siteDir));
      if (!translated) continue;
      const docsBase = joinRoute(base, prefix, routeBase, i === 0 ? '' : version.name);
      const sidebar = collect(() => buildSidebar(translated.tree.root, translated.tree.docs, { docsBase, docsRootRel: path.relative(siteDir, path.join(contentDir, 'docs')) }));
      if (!sidebar) continue;
      const sidebarKey = `${locale}/${version.name}/${SIDEBAR_ID}`;
      table.sidebars.set(sidebarKey, sidebar.items);
      localeRoutes.versions.push({ version, sidebar, docs: translated.tree.docs, docsBase });
      const links: LinkContext = { routeByFile: new Map(translated.tree.docs.map((d) => [d.absolutePath, docRoute(docsBase, d)])) };
      // Links in a fallback doc point at the default-locale file, and links in a translated
      // doc at a sibling that may not be translated: map both forms to this locale's route.
      const localeDocsDir = localeDocsRoot(localeDir, i, version.name);
      for (const d of baseTree.docs) {
        links.routeByFile.set(d.absolutePath, docRoute(docsBase, d));
        if (!isDefault) links.routeByFile.set(path.join(localeDocsDir, d.relativePath), docRoute(docsBase, d));
      }
      const ctx: DocRouteContext = { locale, version: version.name, sidebarKey, sidebar, docs: translated.tree.docs, docsBase, links, fallback: translated.fallback, problems: errors };
      for (const doc of translated.tree.docs) {
        const route = docPageRoute(doc, ctx);
        claim(route.path, doc.siteRelativePath);
        table.routes.push(route);
      }
      for (const cat of sidebar.categoryPages) {
        claim(cat.path, `${cat.dir}/_category_`);
        table.routes.push(categoryPageRoute(cat, ctx));
      }
      const docRoutes = table.routes.filter((r) => r.sidebarKey === sidebarKey && r.page.kind === 'doc');
      const tagsFiles = [...(isDefault ? [] : [localeDocsDir]), localeDocsRoot(contentDir, i, version.name)];
      for (const route of tagRoutes({ locale, version: version.name, docsBase, docRoutes, tagsFiles, siteDir, contentDir: config.contentDir, onInlineTags: config.docs.onInlineTags ?? 'warn', problems: errors, warnings: table.warnings })) {
        claim(route.path, `the tag pages of ${docsBase}`);
        table.routes.push(route);
      }
      // The docs root redirects to the version's first doc unless a doc lives there.
      const first = firstLink(sidebar.items);
      if (first && !claimed.has(docsBase)) table.redirects[docsBase] = first;
    }

    const pagesDir = path.join(localeDir, 'pages');
    const pages = isDefault ? defaultPages.map((p) => ({ page: p, fallback: false })) : overlayPages(defaultPages, pagesDir, siteDir);
    for (const { page, fallback } of pages) {
      const route = customPageRoute(page, { locale, path: joinRoute(base, prefix, page.routePath), fallback, siteTitle: config.title });
      claim(route.path, page.siteRelativePath);
      table.routes.push(route);
    }
    table.routes.push(notFoundPageRoute(locale, joinRoute(base, prefix, '404')));
    table.locales.push(localeRoutes);
  }
  fillAlternates(table, config);
  addPageExtras(table, siteDir, config.docs);
  return table;
}

/** content/i18n/<locale>/docs for the latest version, …/versioned_docs/version-<name> for older ones. */
const localeDocsRoot = (localeDir: string, versionIndex: number, name: string) =>
  path.join(localeDir, versionIndex === 0 ? 'docs' : path.join('versioned_docs', `version-${name}`));

function overlayPages(pages: PageSource[], dir: string, siteDir: string): { page: PageSource; fallback: boolean }[] {
  const translated = new Map(loadPages(dir, siteDir).map((p) => [p.routePath, p]));
  return pages.map((p) => (translated.has(p.routePath) ? { page: translated.get(p.routePath)!, fallback: false } : { page: p, fallback: true }));
}

/** Each route's URL in every locale (same path with the other locale's prefix). */
function fillAlternates(table: RouteTable, config: SiteConfig) {
  const base = basePrefix(config.baseUrl);
  const byPath = new Set(table.routes.map((r) => r.path));
  const prefixOf = (l: string) => (l === config.i18n.defaultLocale ? '' : `/${l}`);
  for (const route of table.routes) {
    if (route.page.kind === 'notFound') continue; // served at any path: it has no URL of its own
    const rest = route.path.slice(base.length + prefixOf(route.locale).length) || '/';
    for (const l of config.i18n.locales) {
      const candidate = joinRoute(base, prefixOf(l), rest);
      route.page.alternates[l] = byPath.has(candidate) ? candidate : joinRoute(base, prefixOf(l), '/');
    }
  }
}
