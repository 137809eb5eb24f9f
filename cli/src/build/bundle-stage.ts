import { createHash } from 'node:crypto';
import path from 'node:path';
import type { PageData } from '@docgen/core/types';
import { chunkName, contentImport, contentModules, entryOutputs, routeModule, serverEntry } from '../bundle/entries.js';
import { bundleClient, bundleServer, type ServerBundle } from '../bundle/site.js';
import { evaluateForServer, isStandalone, writeStandaloneChunks, type ChunkFiles } from '../bundle/standalone.js';
import type { VirtualModule } from '../bundle/virtual-modules.js';
import type { Route, RouteTable } from '../routes/build-routes.js';
import type { CompiledRoute } from './compile-stage.js';

/** What the bundle stages share: the compiled pages as generated modules. */
export interface SiteModules {
  siteDir: string;
  table: RouteTable;
  compiledByRoute: Map<Route, CompiledRoute>;
  modules: Map<string, VirtualModule>;
  /** Route indexes whose content needs no bundler (see bundle/standalone.ts). */
  standalone: Set<number>;
}

/** Compiled pages → generated modules, and which routes can skip the bundler. */
export function siteModules(siteDir: string, table: RouteTable, compiled: CompiledRoute[]): SiteModules {
  const compiledByRoute = new Map<Route, CompiledRoute>(compiled.map((c) => [c.route, c]));
  const standalone = new Set<number>();
  table.routes.forEach((route, i) => {
    const c = compiledByRoute.get(route);
    if (c ? isStandalone(c.code) : route.source === undefined) standalone.add(i);
  });
  return { siteDir, table, compiledByRoute, modules: contentModules(compiled), standalone };
}

/**
 * What each route's prerendered body depends on besides the prerender bundle: the code of a
 * standalone page (evaluated apart from the bundle); nothing for the others.
 */
export function contentKeys(site: SiteModules): string[] {
  return site.table.routes.map((route, i) => {
    const code = site.standalone.has(i) ? site.compiledByRoute.get(route)?.code : undefined;
    return code ? createHash('sha256').update(code).digest('hex') : '';
  });
}

/** The prerender bundle: the theme's server entry and every route's content, by route index. */
export async function bundleServerStage(site: SiteModules): Promise<ServerBundle> {
  const { table, compiledByRoute, standalone } = site;
  const bundle = await bundleServer(site, serverEntry(table.routes, compiledByRoute, standalone));
  const codes = new Map([...standalone].flatMap((i) => {
    const c = compiledByRoute.get(table.routes[i]);
    return c ? [[i, c.code] as const] : [];
  }));
  for (const [i, mod] of await evaluateForServer(codes, bundle)) bundle.routes[i] = mod;
  return bundle;
}

export interface ClientFiles {
  /** Each route's chunk, by route index. */
  chunks: ChunkFiles[];
  app: ChunkFiles;
  login: ChunkFiles;
}

/**
 * The browser bundles: the app entry and one chunk per bundled route (code-split), the
 * login shell apart in the public folder, and standalone chunks that import the shared JSX
 * runtime by URL.
 */
export async function bundleClientStage(site: SiteModules, opts: { staging: string; base: string; pages: PageData[] }): Promise<ClientFiles> {
  const { siteDir, table, compiledByRoute, modules, standalone } = site;
  const { staging, base, pages } = opts;
  const entryPoints: Record<string, string> = { app: 'docgen:client-entry', 'jsx-runtime': 'docgen:jsx-runtime' };
  table.routes.forEach((route, i) => {
    if (standalone.has(i)) return;
    const name = `route/${i}`;
    modules.set(name, { contents: routeModule(contentImport(route, compiledByRoute), pages[i]), resolveDir: siteDir, loader: 'js' });
    entryPoints[chunkName(route.path, i)] = `docgen:${name}`;
  });
  const [clientMeta, loginMeta] = await Promise.all([
    bundleClient({ siteDir, modules }, entryPoints, path.join(staging, 'assets'), `${base}/assets/`),
    bundleClient({ siteDir, modules }, { login: 'docgen:login-entry' }, path.join(staging, '__docgen', 'login'), `${base}/__docgen/login/`),
  ]);
  const runtime = entryOutputs(clientMeta, 'docgen:jsx-runtime');
  const written = await writeStandaloneChunks({
    staging,
    runtime: { url: `${base}/${path.relative(staging, path.resolve(siteDir, runtime.js)).split(path.sep).join('/')}`, files: [runtime.js, ...runtime.imports] },
    routes: new Map([...standalone].map((i) => {
      const route = table.routes[i];
      return [i, { name: chunkName(route.path, i), code: compiledByRoute.get(route)?.code ?? null, page: pages[i] }];
    })),
  });
  return {
    chunks: table.routes.map((_, i) => written.get(i) ?? entryOutputs(clientMeta, `docgen:route/${i}`)),
    app: entryOutputs(clientMeta, 'docgen:client-entry'),
    login: entryOutputs(loginMeta, 'docgen:login-entry'),
  };
}
