import path from 'node:path';
import { loadConfig } from '../config/load-config.js';
import { bundleClient, bundleServer } from '../bundle/bundle.js';
import { buildRoutes } from '../routes/build-routes.js';
import { buildSiteData } from '../routes/site-data.js';
import { basePrefix } from '../routes/paths.js';
import { createStagingDir, discardStaging, swapIn } from '../output/write.js';
import { task } from '../utils/task.js';
import type { Logger } from '../utils/logger.js';
import { ImageRegistry } from './assets.js';
import { resolveAuth } from './auth.js';
import { compileRoutes, type CompiledRoute } from './compile-stage.js';
import { withCompileCache } from './compile-cache.js';
import { runCompileJobs } from './compile-pool.js';
import { checkUnknownComponents, applyModuleTitles } from './checks.js';
import { chunkName, contentImport, contentModules, entryOutputs, routeModule, serverEntry } from './modules.js';
import { evaluateForServer, isStandalone, writeStandaloneChunks } from './standalone-chunks.js';
import { writeData } from './data-files.js';
import { renderAll } from './render-stage.js';
import { checkLinks } from './link-stage.js';
import { copyAssets, writeServerFiles } from './extras.js';
import { publishFavicon } from './public-favicon.js';
import { reportStalePages } from './stale-report.js';

export interface BuildOptions {
  siteDir: string;
  outDir: string;
  strictLinks: boolean;
  /** false: compile every page again (`--no-cache`). */
  cache?: boolean;
  /** Fail when a doc's last_reviewed is older than docs.staleAfterDays (`--fail-on-stale`). */
  failOnStale?: boolean;
  logger: Logger;
}

export interface BuildSummary {
  outDir: string;
  routes: number;
  docs: number;
  pages: number;
  warnings: number;
}

/**
 * `docgen build`: config → content → routes → bundle → render → link check → output.
 * Everything is written to a staging folder that replaces outDir only when every stage
 * succeeded, so a failed build leaves the previous output untouched.
 */
export async function buildSite(opts: BuildOptions): Promise<BuildSummary> {
  const { logger } = opts;
  const siteDir = path.resolve(opts.siteDir);
  const outDir = path.resolve(siteDir, opts.outDir);

  // 1. Configuration
  const config = await task(logger, 'load config', () => loadConfig(siteDir));
  const base = basePrefix(config.baseUrl);
  const auth = resolveAuth(config, logger);

  // 2. Content → routes and sidebars
  const table = await task(logger, 'read content', () => buildRoutes(config, siteDir), (t) => `${t.routes.length} routes`);
  const siteData = buildSiteData(config, table, { auth, search: table.routes.some((r) => r.page.kind === 'doc') });
  reportStalePages(table, { logger, staleAfterDays: config.docs.staleAfterDays, failOnStale: opts.failOnStale });

  // 3. MDX compile
  const images = new ImageRegistry(path.join(siteDir, config.contentDir, 'static'), base);
  const cacheStats = { hits: 0 };
  const runJobs = opts.cache === false ? undefined : withCompileCache(path.join(siteDir, '.docgen', 'cache', 'compile'), runCompileJobs, cacheStats);
  const compiled = await task(logger, 'compile mdx', () => compileRoutes({ table, config, siteDir, images, logger, runJobs }), (c) => `${c.length} files, ${cacheStats.hits} from cache`);
  const compiledByRoute = new Map<CompiledRoute['route'], CompiledRoute>(compiled.map((c) => [c.route, c]));
  const modules = contentModules(compiled);

  const staging = createStagingDir(outDir);
  try {
    // 4. Server bundle, then checks that need the theme (MDX components, page titles)
    const standalone = new Set<number>();
    table.routes.forEach((route, i) => {
      const c = compiledByRoute.get(route);
      if (c ? isStandalone(c.code) : route.source === undefined) standalone.add(i);
    });
    const server = await task(logger, 'bundle server', async () => {
      const bundle = await bundleServer({ siteDir, modules }, serverEntry(table.routes, compiledByRoute, standalone));
      const codes = new Map([...standalone].flatMap((i) => { const c = compiledByRoute.get(table.routes[i]); return c ? [[i, c.code] as const] : []; }));
      for (const [i, mod] of await evaluateForServer(codes, bundle)) bundle.routes[i] = mod;
      return bundle;
    });
    checkUnknownComponents(compiled, server.mdxComponents);
    applyModuleTitles(table.routes, server, config.title);

    // 5. Data files (sidebars, search index) and client bundles
    const data = await task(logger, 'write data', () => {
      copyAssets({ siteDir, staging, config, images });
      publishFavicon({ siteDir, staging, config, siteData });
      return writeData({ staging, base, table, compiled });
    });
    const entryPoints: Record<string, string> = { app: 'docgen:client-entry', 'jsx-runtime': 'docgen:jsx-runtime' };
    table.routes.forEach((route, i) => {
      if (standalone.has(i)) return;
      const name = `route/${i}`;
      modules.set(name, { contents: routeModule(contentImport(route, compiledByRoute), route.page), resolveDir: siteDir, loader: 'js' });
      entryPoints[chunkName(route.path, i)] = `docgen:${name}`;
    });
    const { chunks, app, loginMeta } = await task(logger, 'bundle client', async () => {
      const [clientMeta, loginMeta] = await Promise.all([
        bundleClient({ siteDir, modules }, entryPoints, path.join(staging, 'assets'), `${base}/assets/`),
        bundleClient({ siteDir, modules }, { login: 'docgen:login-entry' }, path.join(staging, '__docgen', 'login'), `${base}/__docgen/login/`),
      ]);
      const runtime = entryOutputs(clientMeta, 'docgen:jsx-runtime');
      const abs = (p: string) => path.resolve(siteDir, p);
      const written = await writeStandaloneChunks({
        staging,
        runtime: { url: `${base}/${path.relative(staging, abs(runtime.js)).split(path.sep).join('/')}`, files: [runtime.js, ...runtime.imports] },
        routes: new Map([...standalone].map((i) => {
          const route = table.routes[i];
          return [i, { name: chunkName(route.path, i), code: compiledByRoute.get(route)?.code ?? null, page: route.page }];
        })),
      });
      const chunks = table.routes.map((_, i) => written.get(i) ?? entryOutputs(clientMeta, `docgen:route/${i}`));
      return { chunks, app: entryOutputs(clientMeta, 'docgen:client-entry'), loginMeta };
    });

    // 6. Prerender every route
    const rendered = await task(logger, 'render html', () =>
      renderAll({ siteDir, staging, base, table, siteData, server, app, chunks, data }),
      (r) => `${r.length} pages`,
    );

    // 7. Links and anchors, in the rendered output
    await task(logger, 'check links', () =>
      checkLinks({ staging, rendered, table, compiledByRoute, policy: opts.strictLinks ? 'throw' : config.onBrokenLinks, logger }),
    );

    // 8. Login shell and manifest for `docgen serve`; then swap the new output in
    await task(logger, 'write output', () => {
      writeServerFiles({ siteDir, staging, config, table, siteData, server, loginMeta, auth });
      swapIn(staging, outDir);
    });
  } catch (error) {
    discardStaging(staging);
    throw error;
  }
  return {
    outDir,
    routes: table.routes.length + Object.keys(table.redirects).length,
    docs: table.routes.filter((r) => r.page.kind === 'doc').length,
    pages: table.routes.filter((r) => r.page.kind === 'page').length,
    warnings: logger.warnings,
  };
}
