import GithubSlugger from 'github-slugger';
import { joinRoute } from '@docgen/core/url';
import type { SidebarItem, CardItem, NavLink } from '@docgen/core/types';
import { ContentError } from '../errors.js';
import type { CategoryNode, DocSource } from '../content/load-docs.js';

/** A category's generated index page. */
export interface CategoryPage {
  path: string;
  title: string;
  description?: string;
  cards: CardItem[];
  /** Folder of the category (for messages). */
  dir: string;
}

export interface SidebarResult {
  items: SidebarItem[];
  categoryPages: CategoryPage[];
  /** Pages in reading order (docs and category pages), for prev/next. */
  order: NavLink[];
  /** Route → its ancestors' breadcrumbs (categories), for docs and category pages. */
  breadcrumbs: Map<string, NavLink[]>;
}

interface Context {
  docsBase: string;
  docsById: Map<string, DocSource>;
  slugger: GithubSlugger;
  result: SidebarResult;
  siteDirRel: (dir: string) => string;
}

export const docLabel = (doc: DocSource) => doc.frontMatter.sidebar_label ?? doc.title;
// joinRoute, not a template: with routeBasePath '/' the docs base is '/' and a template made
// protocol-relative URLs ('//intro') that send the browser to another host.
export const docRoute = (docsBase: string, doc: DocSource) => (doc.slug ? joinRoute(docsBase, doc.slug) : docsBase);

/**
 * Autogenerates a sidebar from the docs tree, Docusaurus style: folders are categories,
 * ordered by position (sidebar_position, _category_ position or number prefix), then name.
 */
export function buildSidebar(root: CategoryNode, docs: DocSource[], opts: { docsBase: string; docsRootRel: string }): SidebarResult {
  const ctx: Context = {
    docsBase: opts.docsBase,
    docsById: new Map(docs.map((d) => [d.id, d])),
    slugger: new GithubSlugger(),
    result: { items: [], categoryPages: [], order: [], breadcrumbs: new Map() },
    siteDirRel: (dir) => `${opts.docsRootRel}/${dir}`,
  };
  ctx.result.items = childItems(root, ctx, []);
  return ctx.result;
}

function childItems(node: CategoryNode, ctx: Context, trail: NavLink[]): SidebarItem[] {
  type Entry = { position?: number; key: string; build: () => SidebarItem };
  const entries: Entry[] = [];
  const indexDoc = node.dir === '' ? undefined : node.docs.find((d) => d.isCategoryIndex);
  for (const doc of node.docs) {
    if (doc === indexDoc || doc.frontMatter.unlisted) continue;
    entries.push({ position: doc.position, key: doc.relativePath, build: () => docItem(doc, ctx, trail) });
  }
  for (const cat of node.categories) {
    entries.push({ position: cat.position, key: cat.dir, build: () => categoryItem(cat, ctx, trail) });
  }
  // Positioned items first by position; the rest keep their (sorted) file order.
  entries.sort((a, b) => (a.position ?? Infinity) - (b.position ?? Infinity) || (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
  return entries.map((e) => e.build());
}

function docItem(doc: DocSource, ctx: Context, trail: NavLink[]): SidebarItem {
  const href = docRoute(ctx.docsBase, doc);
  ctx.result.order.push({ title: docLabel(doc), href });
  ctx.result.breadcrumbs.set(href, trail);
  return { type: 'link', label: docLabel(doc), href, docId: doc.id, ...(doc.frontMatter.sidebar_class_name ? { className: doc.frontMatter.sidebar_class_name } : {}) };
}

function categoryItem(cat: CategoryNode, ctx: Context, trail: NavLink[]): SidebarItem {
  const label = cat.meta?.label ?? cat.name;
  const link = cat.meta?.link;
  const indexDoc = cat.docs.find((d) => d.isCategoryIndex);
  let href: string | undefined;
  let generated: { title: string; description?: string } | undefined;
  if (link && link.type === 'generated-index') {
    const slug = link.slug ? link.slug.replace(/^\/+/, '') : `category/${ctx.slugger.slug(label)}`;
    href = joinRoute(ctx.docsBase, slug);
    generated = { title: link.title ?? label, description: link.description ?? cat.meta?.description };
  } else if (link && link.type === 'doc') {
    const doc = ctx.docsById.get(link.id);
    if (!doc) {
      throw new ContentError({ file: `${ctx.siteDirRel(cat.dir)}/${cat.metaFile}`, line: 1, column: 1 },
        `Category link points to doc "${link.id}", which does not exist; expected one of: ${[...ctx.docsById.keys()].slice(0, 10).join(', ')}`);
    }
    href = docRoute(ctx.docsBase, doc);
  } else if (link !== null && indexDoc) {
    href = docRoute(ctx.docsBase, indexDoc);
  }
  if (href) {
    ctx.result.order.push({ title: label, href });
    ctx.result.breadcrumbs.set(href, trail);
  }
  const childTrail = [...trail, { title: label, href: href ?? '' }];
  const items = childItems(cat, ctx, childTrail);
  if (generated && href) {
    ctx.result.categoryPages.push({ path: href, ...generated, dir: cat.dir, cards: items.map(toCard) });
  }
  return {
    type: 'category',
    label,
    ...(href ? { href } : {}),
    collapsed: cat.meta?.collapsed ?? true,
    collapsible: cat.meta?.collapsible ?? true,
    items,
  };
}

function toCard(item: SidebarItem): CardItem {
  if (item.type === 'link') return { type: 'doc', label: item.label, href: item.href };
  const first = firstLink(item.items);
  return { type: 'category', label: item.label, href: item.href ?? first ?? '', count: item.items.length };
}

/** First URL a sidebar (or category) can link to. */
export function firstLink(items: SidebarItem[]): string | undefined {
  for (const item of items) {
    if (item.type === 'link') return item.href;
    if (item.href) return item.href;
    const inner = firstLink(item.items);
    if (inner) return inner;
  }
  return undefined;
}
