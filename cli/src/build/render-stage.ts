import path from 'node:path';
import type { PageData, RenderInput, RouteManifest, SiteData } from '@docgen/core/types';
import type { ServerBundle } from '../bundle/site.js';
import { redirectDocument } from '../render/html-template.js';
import { renderPage, searchKey } from '../render/render-page.js';
import type { RouteTable } from '../routes/build-routes.js';
import { routeToHtmlFile } from '../routes/paths.js';
import { extractLinks, linksOf, type RenderedPage } from '../output/check-links.js';
import { keepOutFile, writeOutFile } from '../output/write.js';
import { sidebarBranch, type DataFiles } from './data-files.js';
import { writeCurrentBuild, writeRouteManifest } from './route-manifest.js';
import type { RenderCache } from './render-cache.js';
import type { StandaloneStore } from './standalone-store.js';
import { releaseForServer, type ChunkFiles } from '../bundle/standalone.js';
import { MIN_PAGES_FOR_WORKERS, renderInWorkers, renderWorkerFile, type RenderReply } from './render-pool.js';

export interface RenderContext {
  siteDir: string;
  staging: string;
  base: string;
  table: RouteTable;
  siteData: Map<string, SiteData>;
  server: ServerBundle;
  /** The page data each route renders with, by route index (see resolvePages). */
  pages: PageData[];
  /** The app entry and each route's chunk (by route index), with what they import. */
  app: ChunkFiles;
  /** Identity of the shared client code (CurrentBuild.build). */
  build: string;
  chunks: ChunkFiles[];
  data: DataFiles;
  /** Per route index: what its content depends on outside the prerender bundle ('' for none). */
  contentKeys: string[];
  /** Keeps rendered bodies between builds; null renders every page (`--no-cache`). */
  cache: RenderCache | null;
  /** The standalone routes' modules: which routes, and each one's CommonJS for render workers. */
  standalone: Pick<StandaloneStore, 'indexes' | 'cjs'>;
  /** The config's `headTags` as HTML, for every page's <head>. */
  siteHead?: string;
}

/** How long the render runs before letting the event loop turn (see renderAll). */
const YIELD_MS = 4;

/**
 * Prerenders every route through the theme, writes its HTML, and returns its links and ids
 * (with how many bodies worker threads rendered).
 */
export async function renderAll(ctx: RenderContext): Promise<RenderedPage[] & { onWorkers?: number }> {
  const { siteDir, staging, base, table, server, pages, app, chunks, data, cache } = ctx;
  const standalone = new Set(ctx.standalone.indexes());
  const url = (metaPath: string) => `${base}/${path.relative(staging, path.resolve(siteDir, metaPath)).split(path.sep).join('/')}`;

  const manifest: RouteManifest = {};
  table.routes.forEach((route, i) => {
    const branch = sidebarBranch(data, route.sidebarKey, route.path);
    manifest[route.path] = {
      chunk: url(chunks[i].js),
      sidebar: route.sidebarKey ? data.sidebars.get(route.sidebarKey) ?? null : null,
      ...(branch.length ? { sidebarBranch: branch } : {}),
      ...(chunks[i].css.length ? { css: chunks[i].css.map(url) } : {}),
    };
  });
  const written = writeRouteManifest(staging, base, manifest);
  const current = writeCurrentBuild(staging, base, { build: ctx.build, manifest: written.url, ...(written.shards ? { manifestShards: written.shards } : {}), searchIndexes: Object.fromEntries(data.searchIndexes) });
  const headScripts = new Map<string, string>();
  const inputs = table.routes.map((route, i): RenderInput => ({ site: ctx.siteData.get(route.locale)!, page: pages[i], sidebar: route.sidebarKey ? table.sidebars.get(route.sidebarKey) ?? null : null, Content: undefined }));
  const prerendered = await renderOnWorkers(ctx, inputs);

  const rendered: RenderedPage[] & { onWorkers?: number } = [];
  rendered.onWorkers = prerendered.size;
  // Sidebar categories a page is not in are rendered once for the whole build.
  const memo = server.SidebarMemo ? new server.SidebarMemo() : null;
  let slice = performance.now();
  for (const [i, route] of table.routes.entries()) {
    // Pages are written on libuv's threads; their completions (which start the next writes)
    // run only when this loop lets the event loop turn. Without it the queue filled and this
    // thread wrote 2,000 of 3,900 files itself at 1000 pages (2.6 s of its time).
    if (performance.now() - slice > YIELD_MS) {
      await new Promise(setImmediate);
      slice = performance.now();
    }
    const site = ctx.siteData.get(route.locale)!;
    if (!headScripts.has(route.locale)) headScripts.set(route.locale, server.noFlashScript(site));
    // The page's module is read only to render it: a cached body needs none (see installForServer).
    const render = (input: RenderInput) => {
      const done = prerendered.get(i);
      if (done === undefined) return server.renderRoute({ ...input, Content: server.routes[i]?.default as RenderInput['Content'] }, memo);
      if ('error' in done) throw new Error(done.error);
      return done.body;
    };
    const theme = { ...server, renderRoute: cache ? (input: RenderInput) => cache.body(input, ctx.contentKeys[i], () => render(input)) : render };
    const urls = { ...manifest[route.path], current: { url: current, build: ctx.build, ...(data.searchIndexes.has(searchKey(pages[i], site)) ? { searchKey: searchKey(pages[i], site) } : {}) } };
    const assets = {
      script: url(app.js),
      styles: [...app.css, ...chunks[i].css].map(url),
      preload: [...new Set([...app.imports, chunks[i].js, ...chunks[i].imports])].map(url),
      preloadFetch: manifest[route.path].sidebar ? [manifest[route.path].sidebar!, ...(manifest[route.path].sidebarBranch ?? [])] : [],
    };
    const file = pages[i].kind === 'notFound' ? path.posix.join(route.path.slice(base.length + 1).replace(/404$/, ''), '404.html') : routeToHtmlFile(route.path.slice(base.length) || '/');
    // Everything the document holds besides the body's inputs: with the body's, it names the page.
    const document = cache ? JSON.stringify([route.path, file, urls, assets, headScripts.get(route.locale), ctx.siteHead ?? '']) : '';
    // A page the previous build wrote from the same inputs stays as it is, unread and unrendered.
    const kept = cache?.page(inputs[i], ctx.contentKeys[i], document);
    if (kept && keepOutFile(staging, file, kept.key)) {
      cache!.hits++;
      rendered.push(linksOf(route.path, kept.hrefs, kept.ids));
      if (standalone.has(i)) releaseForServer(server, i);
      continue;
    }
    const html = renderPage({ theme, route, page: pages[i], site, sidebar: inputs[i].sidebar, Content: undefined, urls, headScript: headScripts.get(route.locale), siteHead: ctx.siteHead, assets });
    const key = writeOutFile(staging, file, html);
    const links = extractLinks(route.path, html);
    rendered.push(links);
    if (cache && key) cache.putPage(inputs[i], ctx.contentKeys[i], document, { key, hrefs: links.hrefs, ids: [...links.ids] });
    if (standalone.has(i)) releaseForServer(server, i);
  }
  for (const [from, to] of Object.entries(table.redirects)) writeOutFile(staging, routeToHtmlFile(from.slice(base.length) || '/'), redirectDocument(to, redirectSite(from, base, ctx.siteData)));
  return rendered;
}

/** The site data of the locale a redirect's path is under (its path prefix), else of the default locale. */
function redirectSite(from: string, base: string, sites: Map<string, SiteData>): SiteData {
  const any = sites.values().next().value!;
  for (const [code, locale] of Object.entries(any.locale.locales)) {
    const prefix = `${base}${locale.path}`; // a locale's path is '' or '/<path>'
    if (locale.path && (from === prefix || from.startsWith(`${prefix}/`)) && sites.has(code)) return sites.get(code)!;
  }
  return sites.get(any.locale.default) ?? any;
}

/**
 * The bodies of the pages the cache lacks, rendered on worker threads when there are enough
 * of them (by route index). The not-found page is left to renderPage, which titles it.
 */
async function renderOnWorkers(ctx: RenderContext, inputs: RenderInput[]): Promise<Map<number, RenderReply>> {
  const out = new Map<number, RenderReply>();
  const workerFile = renderWorkerFile();
  if (!workerFile) return out;
  const todo = inputs.flatMap((input, i) => (input.page.kind === 'notFound' || ctx.cache?.has(input, ctx.contentKeys[i]) ? [] : [i]));
  if (todo.length < MIN_PAGES_FOR_WORKERS) return out;
  const sidebarKeys = new Map([...ctx.table.sidebars].map(([key, items]) => [items, key]));
  const replies = await renderInWorkers(
    workerFile,
    { code: ctx.server.code, sites: [...ctx.siteData], sidebars: [...ctx.table.sidebars] },
    todo.map((i) => ({ index: i, cjs: ctx.standalone.cjs(i), site: ctx.table.routes[i].locale, sidebar: inputs[i].sidebar ? sidebarKeys.get(inputs[i].sidebar!)! : null, page: inputs[i].page })),
  );
  todo.forEach((i, j) => out.set(i, replies[j]));
  return out;
}
