import path from 'node:path';
import type { AuthData, SiteData } from '@docgen/core/types';
import type { SiteConfig } from '../config/schema.js';
import type { ServerBundle } from '../bundle/site.js';
import { staticFiles } from '../content/static-files.js';
import { sitePaths } from '../config/site-paths.js';
import { renderLoginShell } from '../render/render-page.js';
import type { RouteTable } from '../routes/build-routes.js';
import { basePrefix } from '@docgen/core/url';
import { copyOutFile, writeOutFile } from '../output/write.js';
import type { ImageRegistry } from './assets.js';
import type { ChunkFiles } from '../bundle/standalone.js';

/** The static folders are copied to the output root; referenced images under assets/img/. */
export function copyAssets(opts: { siteDir: string; staging: string; config: SiteConfig; images: ImageRegistry }) {
  for (const f of staticFiles(sitePaths(opts.config, opts.siteDir).static)) copyOutFile(opts.staging, f.relativePath, f.absolutePath);
  for (const [rel, abs] of opts.images.files) copyOutFile(opts.staging, rel, abs);
}

/** What `docgen serve` reads: build/.docgen/manifest.json (ARCHITECTURE.md). */
export interface BuildManifest {
  version: 1;
  baseUrl: string;
  routes: string[];
  redirects: Record<string, string>;
  notFound: string;
  loginShell: '.docgen/login.html';
  publicPrefix: string;
  auth: AuthData | null;
  /** The config's `url`: the host `docgen serve` answers for in production (DOCGEN_SITE_URL overrides it). */
  siteUrl: string | null;
}

/** The login shell (no content, public assets only) and the manifest for `docgen serve`. */
export function writeServerFiles(opts: { staging: string; config: SiteConfig; table: RouteTable; siteData: Map<string, SiteData>; server: ServerBundle; login: ChunkFiles; siteDir: string; auth: AuthData | null }) {
  const { staging, config, table, siteData, server, login, siteDir } = opts;
  const base = basePrefix(config.baseUrl);
  const url = (metaPath: string) => `${base}/${path.relative(staging, path.resolve(siteDir, metaPath)).split(path.sep).join('/')}`;
  const site = siteData.get(config.i18n.defaultLocale)!;
  // The favicon is already the public copy (public-favicon.ts): the shell links it as pages do.
  const shell = renderLoginShell(site, server, { script: url(login.js), styles: login.css.map(url), preload: login.imports.map(url) });
  writeOutFile(staging, '.docgen/login.html', shell);
  const manifest: BuildManifest = {
    version: 1,
    baseUrl: config.baseUrl,
    routes: table.routes.filter((r) => r.page.kind !== 'notFound').map((r) => r.path),
    redirects: table.redirects,
    notFound: '404.html',
    loginShell: '.docgen/login.html',
    publicPrefix: `${base}/__docgen/login/`,
    auth: opts.auth,
    siteUrl: config.url ?? null,
  };
  writeOutFile(staging, '.docgen/manifest.json', JSON.stringify(manifest, null, 2));
}
