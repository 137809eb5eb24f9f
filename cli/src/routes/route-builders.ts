import type { DocSource } from '../content/load-docs.js';
import type { PageSource } from '../content/load-pages.js';
import { bodyFacts } from '../content/body-facts.js';
import { ContentError, type DocgenError } from '../errors.js';
import type { LinkContext, Route } from './build-routes.js';
import type { CardItem, SidebarItem } from '@docgen/core/types';
import { docLabel, docRoute, toCard, type SidebarResult } from './sidebar.js';

/**
 * One builder per kind of page: each turns its source (a doc, a generated category index, a
 * page of content/pages, the not-found page) into a Route with its PageData. buildRoutes
 * decides which pages exist; these decide what each one holds.
 */

export const SIDEBAR_ID = 'tutorialSidebar';

/** What every doc and category page of one (locale, version) shares. */
export interface DocRouteContext {
  locale: string;
  version: string;
  versionBanner: 'none' | 'unreleased' | 'unmaintained';
  /** The page's sidebar: its id, its key in RouteTable.sidebars (null: a doc in no sidebar). */
  sidebarId: string | null;
  sidebarKey: string | null;
  sidebar: SidebarResult;
  docs: DocSource[];
  docsBase: string;
  links: LinkContext;
  /** Docs shown from the default locale because this locale has no translation. */
  fallback: Set<DocSource>;
  /** Mistakes found (a pagination target that does not exist) are added here. */
  problems: DocgenError[];
}

export function docPageRoute(doc: DocSource, ctx: DocRouteContext): Route {
  const { sidebar, docsBase, locale } = ctx;
  const routePath = docRoute(docsBase, doc);
  const j = orderIndex(ctx).get(routePath);
  const pagination = (key: 'pagination_prev' | 'pagination_next', k: number | undefined) => {
    const fm = doc.frontMatter[key];
    if (fm === null) return undefined;
    if (fm !== undefined) {
      const label = ctx.docs.find((d) => d.id === fm);
      if (!label) {
        ctx.problems.push(new ContentError({ file: doc.siteRelativePath, line: 1, column: 1 }, `Front matter "${key}" names doc "${fm}", which does not exist`));
        return undefined;
      }
      // As Docusaurus: an unlisted doc is in nobody's pagination, even when named.
      return label.frontMatter.unlisted ? undefined : { title: docLabel(label), href: docRoute(docsBase, label) };
    }
    return k === undefined ? undefined : sidebar.order[k];
  };
  const prev = pagination('pagination_prev', j === undefined || j === 0 ? undefined : j - 1);
  const cards = linkedCategoryCards(ctx).get(routePath);
  const next = pagination('pagination_next', j === undefined || j + 1 >= sidebar.order.length ? undefined : j + 1);
  // Docusaurus's: the front matter's, else the body's first line of text.
  const description = doc.frontMatter.description ?? bodyFacts(doc)[2] ?? undefined;
  return {
    path: routePath,
    locale,
    sidebarKey: ctx.sidebarKey,
    source: { kind: 'mdx', doc, links: ctx.links },
    page: {
      path: routePath,
      kind: 'doc',
      title: doc.title,
      ...(description ? { description } : {}),
      locale,
      version: ctx.version,
      ...(ctx.sidebarId ? { sidebarId: ctx.sidebarId } : {}),
      breadcrumbs: [...(sidebar.breadcrumbs.get(routePath) ?? []), { title: docLabel(doc), href: routePath }],
      toc: [],
      ...(doc.frontMatter.hide_table_of_contents ? { hideTableOfContents: true } : {}),
      ...(cards?.length ? { cards } : {}),
      ...(prev ? { prev } : {}),
      ...(next ? { next } : {}),
      alternates: {},
      ...(ctx.fallback.has(doc) ? { isFallback: true } : {}),
      ...(doc.frontMatter.unlisted ? { unlisted: true } : {}),
      ...(doc.frontMatter.last_reviewed ? { lastReviewed: isoDate(doc.frontMatter.last_reviewed) } : {}),
      ...(ctx.versionBanner !== 'none' ? { versionBanner: ctx.versionBanner } : {}),
    },
  };
}

/** A `generated-index` category: its cards are the category's items. */
export function categoryPageRoute(cat: SidebarResult['categoryPages'][number], ctx: DocRouteContext): Route {
  const { sidebar, locale } = ctx;
  const j = orderIndex(ctx).get(cat.path);
  return {
    path: cat.path,
    locale,
    sidebarKey: ctx.sidebarKey,
    page: {
      path: cat.path,
      kind: 'category',
      title: cat.title,
      ...(cat.description ? { description: cat.description } : {}),
      locale,
      version: ctx.version,
      ...(ctx.sidebarId ? { sidebarId: ctx.sidebarId } : {}),
      breadcrumbs: [...(sidebar.breadcrumbs.get(cat.path) ?? []), { title: cat.title, href: cat.path }],
      toc: [],
      cards: cat.cards,
      ...(ctx.versionBanner !== 'none' ? { versionBanner: ctx.versionBanner } : {}),
      ...(j !== undefined && j > 0 ? { prev: sidebar.order[j - 1] } : {}),
      ...(j !== undefined && j + 1 < sidebar.order.length ? { next: sidebar.order[j + 1] } : {}),
      alternates: {},
    },
  };
}

/** A page of content/pages: markdown (the theme's layout) or a React component (its own). */
export function customPageRoute(page: PageSource, opts: { locale: string; path: string; fallback: boolean; siteTitle: string }): Route {
  const { locale, path } = opts;
  return {
    path,
    locale,
    sidebarKey: null,
    source: page.doc ? { kind: 'mdx', doc: page.doc, links: { routeByFile: new Map() } } : { kind: 'module', page },
    page: {
      path,
      kind: 'page',
      title: page.doc?.title ?? opts.siteTitle,
      ...(page.doc?.frontMatter.description ? { description: page.doc.frontMatter.description } : {}),
      locale,
      toc: [],
      // A React page draws its own layout and title; a markdown page gets the theme's.
      ...(page.doc ? {} : { wide: true }),
      alternates: {},
      ...(opts.fallback ? { isFallback: true } : {}),
    },
  };
}

/** The locale's not-found page (served at any missing path under the locale). */
export function notFoundPageRoute(locale: string, path: string): Route {
  return { path, locale, sidebarKey: null, page: { path, kind: 'notFound', title: 'Página não encontrada', locale, toc: [], alternates: {} } };
}

/** Position of each link in the sidebar's reading order (for prev/next), computed once per sidebar. */
const orderIndexes = new WeakMap<SidebarResult, Map<string, number>>();
function orderIndex(ctx: DocRouteContext): Map<string, number> {
  let index = orderIndexes.get(ctx.sidebar);
  if (!index) orderIndexes.set(ctx.sidebar, (index = new Map(ctx.sidebar.order.map((l, j) => [l.href, j]))));
  return index;
}

function isoDate(value: string | Date): string {
  return value instanceof Date ? value.toISOString().slice(0, 10) : value;
}

/**
 * The cards of each doc a category links to (by the doc's URL): that category's items, what
 * Docusaurus's `<DocCardList />` shows on the doc (useCurrentSidebarCategory). One walk per sidebar.
 */
const linkedCategories = new WeakMap<SidebarResult, Map<string, CardItem[]>>();
function linkedCategoryCards(ctx: DocRouteContext): Map<string, CardItem[]> {
  let byDoc = linkedCategories.get(ctx.sidebar);
  if (byDoc) return byDoc;
  byDoc = new Map();
  const generated = new Set(ctx.sidebar.categoryPages.map((p) => p.path));
  const walk = (items: SidebarItem[]) => {
    for (const item of items) {
      if (item.type !== 'category') continue;
      if (item.href && !generated.has(item.href) && !byDoc!.has(item.href)) byDoc!.set(item.href, item.items.map(toCard).filter((c): c is CardItem => c !== null));
      walk(item.items);
    }
  };
  walk(ctx.sidebar.items);
  linkedCategories.set(ctx.sidebar, byDoc);
  return byDoc;
}
