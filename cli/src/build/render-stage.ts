import path from 'node:path';
import type { PageData, RenderInput, RouteManifest, SiteData } from '@docgen/core/types';
import type { ServerBundle } from '../bundle/site.js';
import { redirectDocument } from '../render/html-template.js';
import { renderPage, searchKey, type PageUrls } from '../render/render-page.js';
import type { HtmlAssets } from '../render/html-template.js';
import type { RouteTable } from '../routes/build-routes.js';
import { routeToHtmlFile } from '../routes/paths.js';
import { eventLoopTurns } from '../utils/task.js';
import { extractLinks, lazyLinksOf, linksOf, type RenderedPage } from '../output/check-links.js';
import { keepOutFile, outputOf, writeOutFile } from '../output/write.js';
import { sidebarBranch, type DataFiles } from './data-files.js';
import { currentBuildUrl, writeRouteManifest, type WrittenManifest } from './route-manifest.js';
import type { RenderCache } from './render-cache.js';
import type { StandaloneStore } from './standalone-store.js';
import { releaseForServer, type ChunkFiles } from '../bundle/standalone.js';
import { startRenderPool, type BodyJob, type RenderPool } from './render-pool.js';

/** What a page's document holds around its body (see renderAll). */
interface PagePlan {
  site: SiteData;
  urls: PageUrls;
  assets: HtmlAssets;
  /** The HTML file, relative to the staging folder. */
  file: string;
  /** The render cache's name for the document (empty without a cache). */
  document: string;
  headScript: string;
}

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
  /** Worker threads that render pages beside this one (startRenderWorkers), or null. */
  pool: RenderPool | null;
  /** The standalone routes' modules: which routes, and each one's CommonJS for render workers. */
  standalone: Pick<StandaloneStore, 'indexes' | 'cjs'>;
  /** The config's `headTags` as HTML, for every page's <head>. */
  siteHead?: string;
}

/** Each route's links and ids (RenderedPage), with its HTML file's content key ('' without an output record). */
export type RenderedPages = RenderedPage[] & { keys: string[]; onWorkers?: number; manifest: WrittenManifest };

/**
 * Prerenders every route through the theme, writes its HTML, and returns its links and ids
 * (with how many bodies worker threads rendered).
 */
export async function renderAll(ctx: RenderContext): Promise<RenderedPages> {
  const { siteDir, staging, base, table, server, pages, app, chunks, data, cache } = ctx;
  const standalone = new Set(ctx.standalone.indexes());
  // The shared assets' URLs are asked for on every page: each is worked out once.
  const assetUrls = new Map<string, string>();
  const url = (metaPath: string) => {
    let found = assetUrls.get(metaPath);
    if (found === undefined) assetUrls.set(metaPath, (found = `${base}/${path.relative(staging, path.resolve(siteDir, metaPath)).split(path.sep).join('/')}`));
    return found;
  };

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
  // Its URL never changes; what it holds is written once the search indexes are (build-site.ts).
  const current = currentBuildUrl(base);
  const headScripts = new Map<string, string>();
  const inputs = table.routes.map((route, i) => renderInput(ctx, i));
  const output = outputOf(staging);
  const rendered: RenderedPages = Object.assign([], { manifest: written, keys: [] });

  // 1. Each page's document around its body. A page the previous build wrote from the same
  // inputs stays as it is, unread and unrendered; the others are rendered below.
  const plans = table.routes.map((route, i): PagePlan | null => {
    const site = ctx.siteData.get(route.locale)!;
    if (!headScripts.has(route.locale)) headScripts.set(route.locale, server.noFlashScript(site));
    const urls = { ...manifest[route.path], current: { url: current, build: ctx.build, ...(data.searchKeys.has(searchKey(pages[i], site)) ? { searchKey: searchKey(pages[i], site) } : {}) } };
    const assets = {
      script: url(app.js),
      styles: [...app.css, ...chunks[i].css].map(url),
      preload: [...new Set([...app.imports, chunks[i].js, ...chunks[i].imports])].map(url),
      preloadFetch: manifest[route.path].sidebar ? [manifest[route.path].sidebar!, ...(manifest[route.path].sidebarBranch ?? [])] : [],
    };
    const file = pages[i].kind === 'notFound' ? path.posix.join(route.path.slice(base.length + 1).replace(/404$/, ''), '404.html') : routeToHtmlFile(route.path.slice(base.length) || '/');
    // Everything the document holds besides the body's inputs: with the body's, it names the page.
    const document = cache ? JSON.stringify([route.path, file, urls, assets, headScripts.get(route.locale), ctx.siteHead ?? '']) : '';
    const kept = cache?.page(inputs[i], ctx.contentKeys[i], document);
    if (kept && keepOutFile(staging, file, kept.key)) {
      cache!.hits++;
      rendered[i] = lazyLinksOf(route.path, kept.links);
      rendered.keys[i] = kept.key;
      if (standalone.has(i)) releaseForServer(server, i);
      return null;
    }
    return { site, urls, assets, file, document, headScript: headScripts.get(route.locale)! };
  });

  // 2. Render workers (if any) take pages from the last one backwards; this thread goes forwards.
  const { pool } = ctx;
  pool?.post((i) => {
    const plan = plans[i];
    if (!plan) return null;
    return { ...bodyJob(ctx, i), route: table.routes[i].path, urls: plan.urls, assets: plan.assets, headScript: plan.headScript, siteHead: ctx.siteHead, file: path.join(staging, plan.file), previousKey: output?.previousKey(plan.file) ?? null, wantBody: cache !== null };
  });

  // Sidebar categories a page is not in are rendered once for the whole build.
  const memo = server.SidebarMemo ? new server.SidebarMemo() : null;
  const renderHere = (i: number, plan: PagePlan, failed?: string) => {
    const route = table.routes[i];
    // The page's module is read only to render it: a cached body needs none (see installForServer).
    const render = (input: RenderInput) => {
      // A worker's failure is thrown here, so that renderPage reports it with the page's file.
      if (failed !== undefined) throw new Error(failed);
      return server.renderRoute({ ...input, Content: server.routes[i]?.default as RenderInput['Content'] }, memo);
    };
    const theme = { ...server, renderRoute: cache ? (input: RenderInput) => cache.body(input, ctx.contentKeys[i], () => render(input)) : render };
    const html = renderPage({ theme, route, page: pages[i], site: plan.site, sidebar: inputs[i].sidebar, Content: undefined, urls: plan.urls, headScript: plan.headScript, siteHead: ctx.siteHead, assets: plan.assets });
    const key = writeOutFile(staging, plan.file, html);
    const links = (rendered[i] = extractLinks(route.path, html));
    rendered.keys[i] = key ?? '';
    if (cache && key) cache.putPage(inputs[i], ctx.contentKeys[i], plan.document, { key, hrefs: links.hrefs, ids: [...links.ids] });
    if (standalone.has(i)) releaseForServer(server, i);
  };
  const recordWorkers = () => {
    for (const [i, done] of pool?.take() ?? []) {
      const plan = plans[i]!;
      if ('error' in done) renderHere(i, plan, done.error);
      else {
        output!.recordWritten(plan.file, done.key, done.written);
        if (cache && done.body) cache.putBody(inputs[i], ctx.contentKeys[i], done.body);
        cache?.putPage(inputs[i], ctx.contentKeys[i], plan.document, { key: done.key, hrefs: done.hrefs, ids: done.ids });
        rendered[i] = linksOf(table.routes[i].path, done.hrefs, done.ids);
        rendered.keys[i] = done.key;
      }
      plans[i] = null;
    }
  };

  // 3. Render, meeting the workers in the middle. Without turns of the event loop, writes
  // waited and this thread wrote 2,000 of 3,900 files itself at 1000 pages (2.6 s).
  const turn = eventLoopTurns();
  for (let i = 0; i < table.routes.length; i++) {
    await turn();
    recordWorkers();
    const plan = plans[i];
    if (!plan) continue;
    if (pool && !pool.claim(i)) {
      // A worker has this page, and so every page after it.
      while (plans[i]) {
        await pool.next();
        recordWorkers();
      }
      continue;
    }
    renderHere(i, plan);
    plans[i] = null;
  }
  rendered.onWorkers = pool?.rendered ?? 0;
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

/** What route `i`'s body renders from (its page's module aside: see renderAll). */
function renderInput(ctx: Pick<RenderContext, 'table' | 'siteData' | 'pages'>, i: number): RenderInput {
  const route = ctx.table.routes[i];
  return { site: ctx.siteData.get(route.locale)!, page: ctx.pages[i], sidebar: route.sidebarKey ? ctx.table.sidebars.get(route.sidebarKey) ?? null : null, Content: undefined };
}

/** What route `i`'s body renders from, for a render worker. */
function bodyJob(ctx: Pick<RenderContext, 'table' | 'pages' | 'standalone'>, i: number): BodyJob {
  const route = ctx.table.routes[i];
  return { index: i, cjs: ctx.standalone.cjs(i), site: route.locale, sidebar: route.sidebarKey && ctx.table.sidebars.has(route.sidebarKey) ? route.sidebarKey : null, page: ctx.pages[i] };
}

/**
 * Starts the render workers for the pages the cache lacks (see RenderPool), which render the
 * last pages' bodies ahead right away; or returns null.
 */
export function startRenderWorkers(ctx: Pick<RenderContext, 'table' | 'siteData' | 'pages' | 'server' | 'cache' | 'contentKeys' | 'standalone'>): RenderPool | null {
  const todo = ctx.table.routes.flatMap((_, i) => (ctx.pages[i].kind !== 'notFound' && !ctx.cache?.has(renderInput(ctx, i), ctx.contentKeys[i]) ? [i] : []));
  const pool = startRenderPool({ code: ctx.server.code, sites: [...ctx.siteData], sidebars: [...ctx.table.sidebars] }, todo);
  pool?.prerender((i) => bodyJob(ctx, i));
  return pool;
}
