import { existsSync } from 'node:fs';
import path from 'node:path';
import type { PageData, SidebarItem } from '@docgen/core/types';
import type { SiteConfig } from '../config/schema.js';
import { ContentError, DocgenError } from '../errors.js';
import { loadDocsTree, type DocSource, type DocsTree, type LoadDocsOptions } from '../content/load-docs.js';
import { overlayTranslations } from '../content/overlay.js';
import { loadPages, type PageSource } from '../content/load-pages.js';
import { categoryPageRoute, customPageRoute, docPageRoute, notFoundPageRoute, SIDEBAR_ID, type DocRouteContext } from './route-builders.js';
import { buildSidebar, docRoute, firstLink, type SidebarResult } from './sidebar.js';
import { addPageExtras, type PageExtrasOptions } from './page-extras.js';
import { instanceVersions, resolveVersions, type VersionInfo } from './versions.js';
import { buildConfiguredSidebars, type ConfiguredSidebar } from './sidebar-config.js';
import { loadSidebarsFile } from './sidebars-file.js';
import { splitUnlisted } from './unlisted.js';
import { sitePaths } from '../config/site-paths.js';
import { LINK_ROOTS_KEY } from '../content/plugins/links.js';
import { readSidebarTranslations, translateSidebar } from './sidebar-translations.js';
import { tagRoutes } from './tags.js';
import { assumedPaths, keepLocale, madeFor } from './only-locale.js';
import { fillAlternates, fillVersionAlternates } from './alternates.js';
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

export type { VersionInfo } from './versions.js';

/** One docs tree of a locale (a version of the main docs, or an extra instance): its sidebars (the first is `sidebar`) and docs. */
export interface DocsTreeRoutes { version: VersionInfo; sidebar: SidebarResult; sidebars: Map<string, SidebarResult>; docs: DocSource[]; docsBase: string }

export interface LocaleRoutes {
  locale: string;
  prefix: string;
  /** Per version of the main docs: its sidebars (the first is `sidebar`) and docs. */
  versions: DocsTreeRoutes[];
  /** The same for each extra docs instance (`docsInstances`), in config order. */
  instances: DocsTreeRoutes[];
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
  /** The site's home route (the baseUrl without its trailing slash, '/' at the root). */
  siteRoot: string;
  /** Every configured locale's URL prefix ('' for the default), made into routes or not. */
  localePrefixes: string[];
  /** Paths of pages that another build makes (`--locale`): links into them are not checked. */
  notBuilt: Set<string>;
}

/** How buildRoutes reads files and finds last commits (`docgen dev` reuses what it read before). */
export type BuildRoutesOptions = LoadDocsOptions & Pick<PageExtrasOptions, 'lastCommits'> & {
  /** `docgen build --locale`: that locale's routes only (see only-locale.ts). */
  locale?: string;
};

/** config + content folder → every route of the site, with sidebars (pure apart from reading files). */
export function buildRoutes(config: SiteConfig, siteDir: string, opts: BuildRoutesOptions = {}): RouteTable {
  const paths = sitePaths(config, siteDir);
  const base = basePrefix(config.baseUrl);
  // The main docs' versions, then each extra docs instance's (each version one more docs tree).
  const versions = [...resolveVersions(config, paths, base), ...instanceVersions(config, paths, base)];
  const errors: DocgenError[] = [];
  // Where the locale being made reports its mistakes: a locale made only for its paths reports none.
  let sink = { problems: errors, warnings: [] as string[] };
  const collect = <T>(fn: () => T): T | undefined => {
    try {
      return fn();
    } catch (error) {
      if (!(error instanceof DocgenError)) throw error;
      sink.problems.push(error);
      return undefined;
    }
  };

  const defaultTrees = new Map<string, DocsTree>();
  for (const v of versions) {
    const dir = v.dir;
    if (!v.inDocsFolder && !existsSync(dir)) {
      const where = v.instance ? `of the docs instance "${v.instance}" is configured (docsInstances, or ${v.instance}_versions.json)` : 'is configured (docs.versions, or versions.json)';
      errors.push(new ContentError({ file: path.relative(siteDir, dir) }, `Docs version "${v.docsVersion}" ${where} but its folder does not exist; create it with that version's docs, or leave the version out (onlyIncludeVersions)`));
      continue;
    }
    if (v.instance && !existsSync(dir)) {
      errors.push(new ContentError({ file: path.relative(siteDir, dir) }, `Docs instance "${v.instance}" is configured (docsInstances) but its folder does not exist; create it or change its path`));
      continue;
    }
    const tree = loadDocsTree(dir, siteDir, { ...opts, include: config.docs.include, exclude: config.docs.exclude });
    errors.push(...tree.errors);
    defaultTrees.set(v.name, tree);
  }
  const defaultPages = collect(() => loadPages(paths.pages, siteDir, opts.readDoc)) ?? [];

  const { defaultLocale, locales } = config.i18n;
  const localePrefix = (l: string) => (l === defaultLocale ? '' : `/${l}`);
  const table: RouteTable = { problems: errors, warnings: sink.warnings, routes: [], redirects: {}, sidebars: new Map(), locales: [], siteRoot: base || '/', localePrefixes: locales.map(localePrefix), notBuilt: new Set() };
  const rawSidebars = new Map<string, Record<string, unknown>>();
  const claimed = new Map<string, string>();
  /** Whether the route is `file`'s: a second file claiming it is an error, or with onDuplicateRoutes 'warn'/'ignore' (Docusaurus's default is 'warn') left out. */
  const claim = (routePath: string, file: string): boolean => {
    const other = claimed.get(routePath);
    if (other && other !== file) {
      const message = `Route "${routePath}" is claimed by both ${other} and ${file}; change the file name or the "slug" front matter of one of them.`;
      if (config.onDuplicateRoutes === 'throw') sink.problems.push(new ContentError({ file, line: 1, column: 1 }, message));
      else if (config.onDuplicateRoutes === 'warn') sink.warnings.push(`${file}: ${message} ${other} is published there.`);
      if (config.onDuplicateRoutes !== 'throw') return false;
    }
    claimed.set(routePath, file);
    return true;
  };

  for (const locale of locales) {
    const isDefault = locale === defaultLocale;
    if (!madeFor(locale, config, opts.locale)) continue;
    // Made for its paths only: its problems are its own build's.
    sink = !opts.locale || locale === opts.locale ? { problems: errors, warnings: table.warnings } : { problems: [], warnings: [] };
    const prefix = localePrefix(locale);
    const localeRoutes: LocaleRoutes = { locale, prefix, versions: [], instances: [] };
    const versionLinks: Map<string, string>[] = [];
    for (const version of versions) {
      const baseTree = defaultTrees.get(version.name);
      if (!baseTree) continue;
      const translated = isDefault
        ? { tree: baseTree, fallback: new Set<DocSource>() }
        : collect(() => overlayTranslations(baseTree, paths.localeDocs(locale, version), siteDir));
      if (!translated) continue;
      sink.problems.push(...translated.tree.errors);
      const docsBase = joinRoute(base, prefix, version.routeBase, version.urlSegment);
      const sidebarList = collect(() => versionSidebars(version, translated.tree, { docsBase, siteDir, rawFor, problems: locale === (opts.locale ?? defaultLocale) ? sink.problems : [] }));
      if (!sidebarList) continue;
      const translations = isDefault ? null : collect(() => readSidebarTranslations(paths.localeDocs(locale, version), siteDir));
      // Docusaurus calls the autogenerated sidebar (no sidebars file) 'defaultSidebar'.
      if (translations) for (const s of sidebarList) translateSidebar(s.result, version.sidebarFile ? s.id : 'defaultSidebar', translations);
      const sidebarKeyOf = (id: string) => `${locale}/${version.name}/${id}`;
      // An unlisted doc's page gets its own copy of its sidebar, the only one showing its entry.
      const ownSidebars = new Map<ConfiguredSidebar, Map<string, { key: string; items: SidebarItem[] }>>();
      for (const s of sidebarList) {
        const own = new Map<string, { key: string; items: SidebarItem[] }>();
        for (const [href, items] of splitUnlisted(s.result)) {
          own.set(href, { key: `${sidebarKeyOf(s.id)}@${href}`, items });
          table.sidebars.set(`${sidebarKeyOf(s.id)}@${href}`, items);
        }
        ownSidebars.set(s, own);
        table.sidebars.set(sidebarKeyOf(s.id), s.result.items);
      }
      const sidebar = sidebarList[0]?.result ?? emptySidebar();
      (version.instance ? localeRoutes.instances : localeRoutes.versions).push({ version, sidebar, sidebars: new Map(sidebarList.map((s) => [s.id, s.result])), docs: translated.tree.docs, docsBase });
      const links: LinkContext = { routeByFile: new Map(translated.tree.docs.map((d) => [d.absolutePath, docRoute(docsBase, d)])) };
      // Links in a fallback doc point at the default-locale file, and links in a translated
      // doc at a sibling that may not be translated: map both forms to this locale's route.
      const localeDocsDir = paths.localeDocs(locale, version);
      links.routeByFile.set(LINK_ROOTS_KEY, [...(isDefault ? [] : [localeDocsDir]), version.dir, siteDir].join('\n'));
      // (The default locale's tree is the base tree: its docs are in the map already.)
      if (!isDefault) {
        for (const d of baseTree.docs) {
          links.routeByFile.set(d.absolutePath, docRoute(docsBase, d));
          links.routeByFile.set(path.join(localeDocsDir, d.relativePath), docRoute(docsBase, d));
        }
      }
      versionLinks.push(links.routeByFile);
      const common = { locale, version: version.name, versionBanner: version.banner, docs: translated.tree.docs, docsBase, links, fallback: translated.fallback, problems: sink.problems };
      const ctxOf = (s: ConfiguredSidebar | undefined): DocRouteContext =>
        s ? { ...common, sidebarId: s.id, sidebarKey: sidebarKeyOf(s.id), sidebar: s.result } : { ...common, sidebarId: null, sidebarKey: null, sidebar: emptySidebar() };
      const contexts = new Map(sidebarList.map((s) => [s, ctxOf(s)]));
      const noSidebar = ctxOf(undefined);
      for (const doc of translated.tree.docs) {
        // Front matter displayed_sidebar picks one (null: none); else the first sidebar holding the doc.
        const wanted = doc.frontMatter.displayed_sidebar;
        const own = wanted === null ? undefined : wanted ? sidebarList.find((s) => s.id === wanted) : sidebarList.find((s) => s.docIds.has(doc.id));
        const ctx = own ? contexts.get(own)! : noSidebar;
        // Its own sidebar also gives the cards of a category whose page it is.
        const mine = own && ownSidebars.get(own)!.get(docRoute(docsBase, doc));
        const route = docPageRoute(doc, mine ? { ...ctx, sidebarKey: mine.key, sidebar: { ...ctx.sidebar, items: mine.items } } : ctx);
        if (claim(route.path, doc.siteRelativePath)) table.routes.push(route);
      }
      for (const s of sidebarList) {
        for (const cat of s.result.categoryPages) {
          if (claim(cat.path, `${cat.dir}/_category_`)) table.routes.push(categoryPageRoute(cat, contexts.get(s)!));
        }
      }
      const docRoutes = table.routes.filter((r) => r.locale === locale && r.page.version === version.name && r.page.kind === 'doc');
      const tagsFiles = [...(isDefault ? [] : [localeDocsDir]), version.dir];
      for (const route of tagRoutes({ locale, version: version.name, docsBase, docRoutes, tagsFiles, siteDir, contentDir: config.contentDir, onInlineTags: config.docs.onInlineTags ?? 'warn', problems: sink.problems, warnings: sink.warnings })) {
        if (claim(route.path, `the tag pages of ${docsBase}`)) table.routes.push(route);
      }
      // The docs root redirects to the version's first doc unless a doc lives there.
      const first = firstLink(sidebar.items);
      if (first && !claimed.has(docsBase)) table.redirects[docsBase] = first;
    }

    // A .md link may name another version's file, as Docusaurus resolves any docs file: its
    // own version's file first, then the others'.
    for (const own of versionLinks) {
      for (const other of versionLinks) if (other !== own) for (const [file, route] of other) if (file !== LINK_ROOTS_KEY && !own.has(file)) own.set(file, route);
    }

    const pages = isDefault ? defaultPages.map((p) => ({ page: p, fallback: false })) : overlayPages(defaultPages, paths.localePages(locale), siteDir, opts.readDoc);
    for (const { page, fallback } of pages) {
      const route = customPageRoute(page, { locale, path: joinRoute(base, prefix, page.routePath), fallback, siteTitle: config.title });
      if (claim(route.path, page.siteRelativePath)) table.routes.push(route);
    }
    table.routes.push(notFoundPageRoute(locale, joinRoute(base, prefix, '404')));
    table.locales.push(localeRoutes);
  }
  // The pages of locales this build does not make are assumed at the default locale's paths.
  const assumed = opts.locale ? assumedPaths(table, config) : [];
  fillAlternates(table, config, assumed);
  fillVersionAlternates(table, versions);
  if (opts.locale) keepLocale(table, opts.locale, assumed);
  addPageExtras(table, siteDir, { ...config.docs, instances: config.docsInstances, lastCommits: opts.lastCommits });
  return table;

  /** A version's sidebars file, read once for all locales. */
  function rawFor(file: string): Record<string, unknown> {
    let raw = rawSidebars.get(file);
    if (!raw) rawSidebars.set(file, (raw = loadSidebarsFile(file, siteDir)));
    return raw;
  }
}

const emptySidebar = (): SidebarResult => ({ items: [], categoryPages: [], order: [], breadcrumbs: new Map() });

/**
 * The sidebars of one version in one locale: those of its sidebars file, else one sidebar
 * autogenerated from the docs folder that holds every doc (docgen's and Docusaurus's default).
 */
function versionSidebars(version: VersionInfo, tree: DocsTree, opts: { docsBase: string; siteDir: string; rawFor: (file: string) => Record<string, unknown>; problems: DocgenError[] }): ConfiguredSidebar[] {
  const docsRootRel = path.relative(opts.siteDir, version.dir);
  if (!version.sidebarFile) {
    const result = buildSidebar(tree.root, tree.docs, { docsBase: opts.docsBase, docsRootRel, categoryDefaults: version.categoryDefaults });
    return [{ id: SIDEBAR_ID, result, docIds: new Set(tree.docs.map((d) => d.id)) }];
  }
  const file = path.relative(opts.siteDir, version.sidebarFile);
  if (!existsSync(version.sidebarFile)) throw new ContentError({ file }, `The sidebars file does not exist (docs.sidebarPath); create it or remove the option to get an autogenerated sidebar`);
  const { sidebars, errors } = buildConfiguredSidebars(opts.rawFor(version.sidebarFile), tree, { docsBase: opts.docsBase, docsRootRel, categoryDefaults: version.categoryDefaults, file, versionName: version.inDocsFolder ? undefined : version.docsVersion });
  // Reported once, for the default locale: the other locales read the same file.
  opts.problems.push(...errors);
  return sidebars;
}

function overlayPages(pages: PageSource[], dir: string, siteDir: string, read: LoadDocsOptions['readDoc']): { page: PageSource; fallback: boolean }[] {
  const translated = new Map(loadPages(dir, siteDir, read).map((p) => [p.routePath, p]));
  return pages.map((p) => (translated.has(p.routePath) ? { page: translated.get(p.routePath)!, fallback: false } : { page: p, fallback: true }));
}
