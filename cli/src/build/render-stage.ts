import path from 'node:path';
import type { PageData, RenderInput, RouteManifest, SiteData } from '@docgen/core/types';
import type { ServerBundle } from '../bundle/site.js';
import { redirectDocument } from '../render/html-template.js';
import { renderPage, searchKey } from '../render/render-page.js';
import type { RouteTable } from '../routes/build-routes.js';
import { routeToHtmlFile } from '../routes/paths.js';
import { extractLinks, type RenderedPage } from '../output/check-links.js';
import { writeOutFile } from '../output/write.js';
import { sidebarBranch, type DataFiles } from './data-files.js';
import { writeRouteManifest } from './route-manifest.js';
import type { RenderCache } from './render-cache.js';
import type { ChunkFiles } from '../bundle/standalone.js';

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
  chunks: ChunkFiles[];
  data: DataFiles;
  /** Per route index: what its content depends on outside the prerender bundle ('' for none). */
  contentKeys: string[];
  /** Keeps rendered bodies between builds; null renders every page (`--no-cache`). */
  cache: RenderCache | null;
}

/** Prerenders every route through the theme, writes its HTML, and returns its links and ids. */
export function renderAll(ctx: RenderContext): RenderedPage[] {
  const { siteDir, staging, base, table, server, pages, app, chunks, data, cache } = ctx;
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
  const headScripts = new Map<string, string>();

  const rendered: RenderedPage[] = [];
  table.routes.forEach((route, i) => {
    const site = ctx.siteData.get(route.locale)!;
    if (!headScripts.has(route.locale)) headScripts.set(route.locale, server.noFlashScript(site));
    const theme = cache ? { ...server, renderRoute: (input: RenderInput) => cache.body(input, ctx.contentKeys[i], () => server.renderRoute(input)) } : server;
    const html = renderPage({
      theme,
      route,
      page: pages[i],
      site,
      sidebar: route.sidebarKey ? table.sidebars.get(route.sidebarKey) ?? null : null,
      Content: server.routes[i]?.default as RenderInput['Content'],
      urls: { ...manifest[route.path], manifest: written.url, manifestShards: written.shards, searchIndex: data.searchIndexes.get(searchKey(pages[i], site)) },
      headScript: headScripts.get(route.locale),
      assets: {
        script: url(app.js),
        styles: [...app.css, ...chunks[i].css].map(url),
        preload: [...new Set([...app.imports, chunks[i].js, ...chunks[i].imports])].map(url),
        preloadFetch: manifest[route.path].sidebar ? [manifest[route.path].sidebar!, ...(manifest[route.path].sidebarBranch ?? [])] : [],
      },
    });
    const file = pages[i].kind === 'notFound' ? path.posix.join(route.path.slice(base.length + 1).replace(/404$/, ''), '404.html') : routeToHtmlFile(route.path.slice(base.length) || '/');
    writeOutFile(staging, file, html);
    rendered.push(extractLinks(route.path, html));
  });
  for (const [from, to] of Object.entries(table.redirects)) writeOutFile(staging, routeToHtmlFile(from.slice(base.length) || '/'), redirectDocument(to));
  return rendered;
}
