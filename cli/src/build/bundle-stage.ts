import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Metafile } from 'esbuild';
import type { PageData } from '@docgen/core/types';
import { chunkName, contentImport, contentModules, entryOutputs, routeModule, serverEntry } from '../bundle/entries.js';
import { bundleClient, bundleServer, loadServerBundle, type ServerBundle } from '../bundle/site.js';
import { installForServer, writeStandaloneChunks, type ChunkFiles } from '../bundle/standalone.js';
import type { StandaloneStore } from './standalone-store.js';
import type { EarlyBundles } from './early-bundles.js';
import type { VirtualModule } from '../bundle/virtual-modules.js';
import type { Route, RouteTable } from '../routes/build-routes.js';
import { listFiles } from '../utils/files.js';
import { writeOutFile } from '../output/write.js';
import { BundleCache, cacheKey, engineCode } from './bundle-cache.js';
import { contentHash } from './assets.js';
import { sidebarItemsSwizzled } from '../bundle/theme-overrides.js';
import type { CompiledRoute } from './compile-stage.js';

/** What the bundle stages share: the compiled pages as generated modules. */
export interface SiteModules {
  siteDir: string;
  table: RouteTable;
  compiledByRoute: Map<Route, CompiledRoute>;
  modules: Map<string, VirtualModule>;
  /** Route indexes whose content needs no bundler (see bundle/standalone.ts). */
  standalone: Set<number>;
  /** Where bundles are kept between builds (.docgen/cache), or null (`--no-cache`). */
  cacheDir: string | null;
  /** The standalone routes' two forms (held as pages compile, filled in by the server stage; finished after the render). */
  standaloneCode: StandaloneStore;
  /** Per route index: what its content depends on outside the prerender bundle (see contentKeys). */
  contentKeys: string[];
}

/** Compiled pages → generated modules, and which routes can skip the bundler. */
export function siteModules(siteDir: string, table: RouteTable, compiled: CompiledRoute[], cacheDir: string | null, standaloneCode: StandaloneStore, customCss: string[] = []): SiteModules {
  const compiledByRoute = new Map<Route, CompiledRoute>(compiled.map((c) => [c.route, c]));
  const standalone = new Set<number>();
  const modules = contentModules(compiled, customCss);
  table.routes.forEach((route, i) => {
    const c = compiledByRoute.get(route);
    if (c ? c.isStandalone : route.source === undefined) standalone.add(i);
    // Nothing imports a standalone page's module (it is transformed alone): its source text goes with it.
    if (c && standalone.has(i)) modules.delete(c.moduleName);
  });
  const site = { siteDir, table, compiledByRoute, modules, standalone, cacheDir, standaloneCode, contentKeys: [] };
  return { ...site, contentKeys: contentKeys(site) };
}

/**
 * What each route's prerendered body depends on besides the prerender bundle: the code of a
 * standalone page (evaluated apart from the bundle); nothing for the others.
 */
function contentKeys(site: SiteModules): string[] {
  return site.table.routes.map((route, i) => (site.standalone.has(i) && site.compiledByRoute.get(route)?.codeHash) || '');
}

/**
 * The prerender bundle: the theme's server entry and every route's content, by route index.
 * Kept in the cache while the entry, the bundled pages' code and every file read are unchanged.
 */
export async function bundleServerStage(site: SiteModules, base: string, early?: EarlyBundles): Promise<ServerBundle> {
  const { table, compiledByRoute, standalone } = site;
  const entry = serverEntry(table.routes, compiledByRoute, standalone);
  // Assets the content imports get the URLs the browser bundle gives them (same names, hashes).
  const assetsUrl = `${base}/assets/media/`;
  const key = cacheKey([entry, assetsUrl, ...bundledCode(site)]);
  const bundle = (await early?.server(key)) ?? loadServerBundle(await serverBundleCode(site, entry, assetsUrl, key));
  // Each page's code is read when its turn comes, not all at once (it may be on disk: code-spill.ts).
  const compiledAlone = [...standalone].flatMap((i) => {
    const c = compiledByRoute.get(table.routes[i]);
    return c ? [[i, c] as const] : [];
  });
  await site.standaloneCode.fill(compiledAlone.map(([i, c]) => [i, c.codeHash, () => c.code]));
  // A standalone page's MDX output is not read again (its two forms are): free it now, before
  // the data and client stages, when the heap peaks.
  for (const [, c] of compiledAlone) c.code = '';
  installForServer(site.standaloneCode.indexes(), (i) => site.standaloneCode.cjs(i), bundle);
  return bundle;
}

/** The prerender bundle's code under `key`: kept from an earlier build, or built now (and kept). */
export async function serverBundleCode(site: Pick<SiteModules, 'siteDir' | 'modules' | 'cacheDir'>, entry: string, assetsUrl: string, key: string): Promise<string> {
  const cache = new BundleCache<string>(site.cacheDir, 'server');
  let code = cache.read(key)?.value;
  if (code === undefined) {
    const built = await bundleServer(site, entry, assetsUrl);
    cache.write(key, (code = built.code), built.inputs);
  }
  return code;
}

/**
 * Once the browser bundles are written, nothing reads the compiled pages' code: at 1000
 * pages it was tens of MB of heap held to the end of the build.
 */
export function releaseCode(site: SiteModules): void {
  for (const c of site.compiledByRoute.values()) c.code = '';
  site.modules.clear();
}

/**
 * Once compiled, a page's source text is read only to point esbuild's errors at it, and the
 * generated modules hold their own reference (dropped with them, see releaseCode): the route
 * table lets go, or every page's text stayed in the heap to the end of the build.
 */
export function releaseSources(table: RouteTable): void {
  for (const route of table.routes) if (route.source?.kind === 'mdx') route.source.doc.body = '';
}

/** After the data stage nothing reads the pages' search sections (most of their text). */
export function releaseSearchText(compiled: CompiledRoute[]): void {
  for (const c of compiled) c.search = null;
}

/** The compiled code of every route that goes through the bundler. */
export function bundledCode(site: Pick<SiteModules, 'siteDir' | 'table' | 'standalone' | 'compiledByRoute'>): string[] {
  // Whether the site swizzles the sidebar's items changes how the theme is compiled (bundleDefines),
  // though no file esbuild reads tells it when a swizzle is added.
  const sidebar = `docusaurus-sidebar:${sidebarItemsSwizzled(site.siteDir)}`;
  return [sidebar, ...site.table.routes.flatMap((route, i) => (site.standalone.has(i) ? [] : [site.compiledByRoute.get(route)?.code ?? `route:${i}`]))];
}

export interface ClientFiles {
  /** Each route's chunk, by route index. */
  chunks: ChunkFiles[];
  app: ChunkFiles;
  login: ChunkFiles;
  /** Identity of the shared client code: a hash of every output's name but the route entries' (names carry content hashes). */
  build: string;
}

/**
 * The browser bundles: the app entry and one chunk per bundled route (code-split), the
 * login shell apart in the public folder, and standalone chunks that import the shared JSX
 * runtime by URL.
 */
export async function bundleClientStage(site: SiteModules, opts: { staging: string; base: string; pages: PageData[] }, early?: EarlyBundles): Promise<ClientFiles> {
  const { siteDir, table, standalone } = site;
  const { staging, base, pages } = opts;
  const entryPoints = clientEntries(site, pages);
  const { client: clientMeta, login: loginMeta } = writeBrowserBundles(staging, await browserBundles(site, { staging, base, entryPoints }, early));
  const runtime = entryOutputs(clientMeta, 'docgen:jsx-runtime');
  const written = await writeStandaloneChunks({
    staging,
    runtime: { url: `${base}/${path.relative(staging, path.resolve(siteDir, runtime.js)).split(path.sep).join('/')}`, files: [runtime.js, ...runtime.imports] },
    routes: new Map([...standalone].map((i) => {
      const route = table.routes[i];
      return [i, { name: chunkName(route.path, i), esm: () => site.standaloneCode.esm(i), page: pages[i] }];
    })),
    records: site.standaloneCode.chunkRecords,
  });
  return {
    chunks: table.routes.map((_, i) => written.get(i) ?? entryOutputs(clientMeta, `docgen:route/${i}`)),
    app: entryOutputs(clientMeta, 'docgen:client-entry'),
    login: entryOutputs(loginMeta, 'docgen:login-entry'),
    build: contentHash(Object.entries(clientMeta.outputs).filter(([, out]) => !out.entryPoint?.startsWith('docgen:route/')).map(([file]) => path.relative(staging, path.resolve(siteDir, file)).split(path.sep).join('/')).sort().join('\n')),
  };
}

/** The browser bundle's entries: the app, the JSX runtime and each bundled route (its module put in site.modules). */
export function clientEntries(site: Pick<SiteModules, 'siteDir' | 'table' | 'compiledByRoute' | 'modules' | 'standalone'>, pages: PageData[]): Record<string, string> {
  const entryPoints: Record<string, string> = { app: 'docgen:client-entry', 'jsx-runtime': 'docgen:jsx-runtime' };
  site.table.routes.forEach((route, i) => {
    if (site.standalone.has(i)) return;
    const name = `route/${i}`;
    site.modules.set(name, { contents: routeModule(contentImport(route, site.compiledByRoute), pages[i]), resolveDir: site.siteDir, loader: 'js' });
    entryPoints[chunkName(route.path, i)] = `docgen:${name}`;
  });
  return entryPoints;
}

type Bundles = { client: Metafile; login: Metafile };

/** The browser bundles' metafiles (paths as for this build's staging folder) and their files. */
export interface BrowserBundles extends Bundles {
  /** The cache key they were made for (entries, generated modules, bundled code). */
  key: string;
  /** Built now: the files, by path relative to staging. */
  files?: { rel: string; contents: Uint8Array }[];
  /** Kept from an earlier build: the folder holding its files. */
  kept?: string;
}

/**
 * The esbuild part of the client stage, or its files from the cache (their metafiles pointed
 * at this build's staging folder). Writes nothing to the output: the bundles may be made
 * while pages compile (see early-bundles.ts), before the output is open.
 */
export async function browserBundles(site: Pick<SiteModules, 'siteDir' | 'modules' | 'cacheDir' | 'table' | 'standalone' | 'compiledByRoute'>, opts: { staging: string; base: string; entryPoints: Record<string, string> }, early?: EarlyBundles): Promise<BrowserBundles> {
  const { siteDir, modules } = site;
  const { staging, base, entryPoints } = opts;
  const key = cacheKey([base, JSON.stringify(entryPoints), ...Object.values(entryPoints).map((e) => modules.get(e.slice('docgen:'.length))?.contents ?? e), ...bundledCode(site)]);
  const made = await early?.client(key);
  if (made) return made;
  const cache = new BundleCache<Bundles>(site.cacheDir, 'client');
  const toStaging = (p: string) => path.relative(staging, path.resolve(siteDir, p));
  const fromStaging = (p: string) => path.relative(siteDir, path.join(staging, p));
  const hit = cache.read(key);
  if (hit) return { key, client: mapOutputs(hit.value.client, fromStaging), login: mapOutputs(hit.value.login, fromStaging), kept: hit.files };
  const [client, login] = await Promise.all([
    bundleClient({ siteDir, modules }, entryPoints, path.join(staging, 'assets'), `${base}/assets/`),
    bundleClient({ siteDir, modules }, { login: 'docgen:login-entry' }, path.join(staging, '__docgen', 'login'), `${base}/__docgen/login/`),
  ]);
  const files = [...client.files, ...login.files].map((f) => ({ rel: path.relative(staging, f.path).split(path.sep).join('/'), contents: f.contents }));
  cache.write(key, { client: mapOutputs(client.metafile, toStaging), login: mapOutputs(login.metafile, toStaging) }, [...client.inputs, ...login.inputs], files);
  return { key, client: client.metafile, login: login.metafile, files };
}

/** Puts the browser bundles' files in the output. */
function writeBrowserBundles(staging: string, bundles: BrowserBundles): Bundles {
  if (bundles.kept) for (const rel of listFiles(bundles.kept)) writeOutFile(staging, rel, readFileSync(path.join(bundles.kept, rel)));
  for (const f of bundles.files ?? []) writeOutFile(staging, f.rel, f.contents);
  return bundles;
}

/** A metafile with its output paths (keys, imports, CSS bundles) rewritten by `map`. */
function mapOutputs(meta: Metafile, map: (p: string) => string): Metafile {
  const outputs: Metafile['outputs'] = {};
  for (const [file, out] of Object.entries(meta.outputs)) {
    outputs[map(file)] = {
      ...out,
      imports: out.imports.map((imp) => (imp.external ? imp : { ...imp, path: map(imp.path) })),
      ...(out.cssBundle ? { cssBundle: map(out.cssBundle) } : {}),
    };
  }
  return { inputs: meta.inputs, outputs };
}
