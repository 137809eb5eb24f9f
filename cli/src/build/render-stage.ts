import path from 'node:path';
import type { BootData, RouteManifest, SiteData } from '@docgen/core/types';
import type { ServerBundle } from '../bundle/bundle.js';
import { DocgenError } from '../errors.js';
import { htmlDocument, redirectDocument } from '../render/html-template.js';
import type { RouteTable } from '../routes/build-routes.js';
import { routeToHtmlFile } from '../routes/paths.js';
import { extractLinks, type RenderedPage } from '../output/check-links.js';
import { writeOutFile } from '../output/write.js';
import { contentHash } from './assets.js';
import type { DataFiles } from './data-files.js';
import type { ChunkFiles } from './standalone-chunks.js';

export interface RenderContext {
  siteDir: string;
  staging: string;
  base: string;
  table: RouteTable;
  siteData: Map<string, SiteData>;
  server: ServerBundle;
  /** The app entry and each route's chunk (by route index), with what they import. */
  app: ChunkFiles;
  chunks: ChunkFiles[];
  data: DataFiles;
}

/** Prerenders every route through the theme, writes its HTML, and returns its links and ids. */
export function renderAll(ctx: RenderContext): RenderedPage[] {
  const { siteDir, staging, base, table, server, app, chunks, data } = ctx;
  const url = (metaPath: string) => `${base}/${path.relative(staging, path.resolve(siteDir, metaPath)).split(path.sep).join('/')}`;

  const manifest: RouteManifest = {};
  table.routes.forEach((route, i) => {
    manifest[route.path] = {
      chunk: url(chunks[i].js),
      sidebar: route.sidebarKey ? data.sidebars.get(route.sidebarKey) ?? null : null,
      ...(chunks[i].css.length ? { css: chunks[i].css.map(url) } : {}),
    };
  });
  const manifestText = JSON.stringify(manifest);
  const manifestRel = `assets/routes-${contentHash(manifestText)}.json`;
  writeOutFile(staging, manifestRel, manifestText);
  const headScripts = new Map<string, string>();

  const rendered: RenderedPage[] = [];
  table.routes.forEach((route, i) => {
    const site = ctx.siteData.get(route.locale)!;
    const sidebarItems = route.sidebarKey ? table.sidebars.get(route.sidebarKey) ?? null : null;
    const Content = server.routes[i]?.default;
    let body: string;
    try {
      body = server.renderRoute({ site, page: route.page, sidebar: sidebarItems, Content });
    } catch (error) {
      const file = route.source?.kind === 'mdx' ? route.source.doc.siteRelativePath : route.source?.page.siteRelativePath ?? route.path;
      throw new DocgenError(`Rendering ${route.path} (${file}) failed: ${(error as Error).message}`, { cause: error });
    }
    const version = route.page.version ?? site.docs.versions.find((v) => v.isLast)?.name ?? '';
    const searchIndex = data.searchIndexes.get(`${route.locale}/${version}`);
    const boot: BootData = {
      site,
      page: route.page,
      chunk: manifest[route.path].chunk,
      sidebar: manifest[route.path].sidebar,
      manifest: `${base}/${manifestRel}`,
      ...(searchIndex ? { searchIndex } : {}),
    };
    if (!headScripts.has(route.locale)) headScripts.set(route.locale, server.noFlashScript(site));
    const html = htmlDocument({
      site,
      page: route.page,
      body,
      boot,
      headScript: headScripts.get(route.locale)!,
      assets: {
        script: url(app.js),
        styles: [...app.css, ...chunks[i].css].map(url),
        preload: [...new Set([...app.imports, chunks[i].js, ...chunks[i].imports])].map(url),
        preloadFetch: boot.sidebar ? [boot.sidebar] : [],
      },
    });
    const file = route.page.kind === 'notFound' ? path.posix.join(route.path.slice(base.length + 1).replace(/404$/, ''), '404.html') : routeToHtmlFile(route.path.slice(base.length) || '/');
    writeOutFile(staging, file, html);
    rendered.push(extractLinks(route.path, html));
  });
  for (const [from, to] of Object.entries(table.redirects)) writeOutFile(staging, routeToHtmlFile(from.slice(base.length) || '/'), redirectDocument(to));
  return rendered;
}
