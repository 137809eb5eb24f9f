import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { basePrefix } from '@docgen/core/url';
import { stopBundler } from '../bundle/run.js';
import { configFileName, loadConfig } from '../config/load-config.js';
import { createOutput, discardOutput, finishOutput, stagingPath } from '../output/write.js';
import { scanOutputBeside } from '../output/output-scan.js';
import { buildRoutes } from '../routes/build-routes.js';
import { DocCache } from '../dev/doc-cache.js';
import { buildSiteData } from '../routes/site-data.js';
import { checkLocale } from '../routes/only-locale.js';
import { headTagsHtml } from '../render/head-tags.js';
import type { Logger } from '../utils/logger.js';
import { formatMs, task } from '../utils/task.js';
import { ImageRegistry } from './assets.js';
import { resolveAuth } from './auth.js';
import { bundleClientStage, bundleServerStage, releaseCode, releaseSearchText, releaseSources, siteModules } from './bundle-stage.js';
import { checkUnknownComponents, resolvePages } from './checks.js';
import { CodeSpill } from './code-spill.js';
import { withCompileCache } from './compile-cache.js';
import { runCompileJobs } from './compile-pool.js';
import { compileRoutes } from './compile-stage.js';
import { Precompressor } from './compress.js';
import { EarlyBundles } from './early-bundles.js';
import { searchPages, writeData } from './data-files.js';
import { copyAssets, writeServerFiles } from './extras.js';
import { checkLinks } from './link-stage.js';
import { writeCurrentBuild } from './route-manifest.js';
import { searchGroups, searchStage, startSearchThread, type SearchStage } from './search-stage.js';
import { publishFavicon } from './public-favicon.js';
import { RenderCache } from './render-cache.js';
import { renderAll, startRenderWorkers } from './render-stage.js';
import type { RenderPool } from './render-pool.js';
import { reportStalePages } from './stale-report.js';
import { StandaloneStore } from './standalone-store.js';
import type { JobResult } from '../content/compile-job.js';
import { sitePaths } from '../config/site-paths.js';
import { sidebarItemsSwizzled, themeComponentsDir, unusedOverrides } from '../bundle/theme-overrides.js';

const EARLY = 'made while the pages compiled';

export interface BuildOptions {
  siteDir: string;
  outDir: string;
  strictLinks: boolean;
  /** false: compile every page again (`--no-cache`). */
  cache?: boolean;
  /** Fail when a doc's last_reviewed is older than docs.staleAfterDays (`--fail-on-stale`). */
  failOnStale?: boolean;
  /** Build this locale only (`--locale`, as `docusaurus build --locale`); every locale when not set. */
  locale?: string;
  logger: Logger;
}

export interface BuildSummary {
  outDir: string;
  routes: number;
  redirects: number;
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
  const cleanup: (() => void)[] = [];
  try {
    return await build(opts, cleanup);
  } finally {
    for (const fn of cleanup) fn();
    // esbuild's service may have started anywhere (config, sidebars file, bundles): whatever
    // failed, it must not outlive the build.
    await stopBundler();
  }
}

/** `cleanup`: what must go whether the build succeeds or fails (temporary files). */
async function build(opts: BuildOptions, cleanup: (() => void)[]): Promise<BuildSummary> {
  const { logger } = opts;
  // The prerender runs node's React, which picks its build by NODE_ENV: the production build
  // renders several times faster, and a build is production output (Docusaurus sets it too).
  process.env.NODE_ENV = 'production';
  const siteDir = path.resolve(opts.siteDir);
  const outDir = path.resolve(siteDir, opts.outDir);
  const cacheDir = path.join(siteDir, '.docgen', 'cache');
  const cacheStats = { hits: 0 };

  // 1. Configuration and sign-in settings
  const config = await task(logger, 'load config', () => loadConfig(siteDir, (m) => logger.warn(m)));
  const base = basePrefix(config.baseUrl);
  const auth = resolveAuth(config, logger);
  // 2. Content → routes, sidebars and the data every page shares. The front matter of files
  // unchanged since the last build or dev start comes from the doc cache (a page's text is read
  // when it is compiled).
  if (opts.locale) checkLocale(config, opts.locale, configFileName(siteDir));
  // The previous output's files are listed on a worker thread meanwhile (see OutputLedger).
  const scanned = opts.cache === false ? null : scanOutputBeside(outDir);
  const docCache = opts.cache === false ? null : new DocCache(siteDir);
  const readers = docCache ? { readDoc: docCache.read, readCategory: docCache.readCategory } : {};
  const table = await task(logger, 'read content', () => buildRoutes(config, siteDir, { locale: opts.locale, ...readers }), (t) => `${t.routes.length} routes, ${Object.keys(t.redirects).length} redirects${opts.locale ? ` (locale ${opts.locale} only)` : ''}`);
  for (const w of unusedOverrides(siteDir, themeComponentsDir())) logger.warn(w);
  const searchThread = startSearchThread({ cacheDir: opts.cache === false ? null : cacheDir, changed: docCache?.misses ?? 0, ...searchGroups(table) });
  const siteData = buildSiteData(config, table, { auth, siteDir, search: table.routes.some((r) => r.page.kind === 'doc') });
  for (const warning of table.warnings) logger.warn(warning);
  reportStalePages(table, { logger, staleAfterDays: config.docs.staleAfterDays, failOnStale: opts.failOnStale });
  // 3. MDX → JS modules (cached in .docgen/cache unless --no-cache)
  const images = new ImageRegistry(sitePaths(config, siteDir).static, base);
  const runJobs = opts.cache === false ? undefined : withCompileCache(path.join(cacheDir, 'compile'), runCompileJobs, cacheStats);
  // Cached pages' code is read from the pack by the stages that need it: closed at the end.
  if (runJobs) cleanup.push(() => runJobs.close());
  // Each page's code waits on disk beside the output (same disk as the staging folder) from
  // the moment it is compiled until a stage reads it.
  mkdirSync(path.dirname(outDir), { recursive: true });
  const spill = new CodeSpill(`${outDir}.code-${process.pid}-${Date.now()}`);
  cleanup.push(() => spill.close());
  // Plain pages' two printed forms leave each result for the store as it arrives (then the code, for the spill).
  const standaloneCode = new StandaloneStore(opts.cache === false ? null : cacheDir);
  cleanup.push(() => standaloneCode.discard()); // nothing once finished
  // The bundles start now, beside the compile (see early-bundles.ts), for a staging folder made after it.
  const staged = stagingPath(outDir);
  const customCss = config.customCss.map((f) => path.resolve(siteDir, f));
  const early = new EarlyBundles({ siteDir, table, siteTitle: config.title, base, staging: staged, cacheDir: opts.cache === false ? null : cacheDir, customCss });
  const onResult = (result: JobResult) => {
    if (result.ok && !result.isStandalone) early.abandon();
    standaloneCode.holdResult(result);
    spill.holdResult(result);
  };
  const compiled = await task(logger, 'compile mdx', () => compileRoutes({ table, config, siteDir, images, logger, runJobs, onResult }), (c) => `${c.length} files, ${cacheStats.hits} from cache`);
  const site = siteModules(siteDir, table, compiled, opts.cache === false ? null : cacheDir, standaloneCode, customCss);
  releaseSources(table);

  // New and changed files are staged; with a cache, files the previous build wrote identically stay in place.
  const output = createOutput(outDir, opts.cache === false ? null : cacheDir, staged, await scanned);
  const staging = output.staging;
  const compressor = new Precompressor(opts.cache === false ? null : cacheDir);
  output.onStaged = (rel, contents, key) => compressor.add(output, rel, contents, key);
  let cache: RenderCache | null = null;
  let pool: RenderPool | null = null;
  let searching: ReturnType<SearchStage['run']> | null = null;
  // A search worker started with the build (few docs changed: likely few pages to render) gets
  // its job at once, beside the prerender bundle and the data stages.
  let search = searchThread ? searchStage({ staging, base, groups: searchPages(compiled), cacheDir: site.cacheDir, worker: true, thread: searchThread }) : null;
  searching = search?.onWorker ? search.run() : null;
  // Awaited after the render: a failure meanwhile must not count as unhandled.
  searching?.catch(() => undefined);
  try {
    // 4. Prerender bundle; checks that need the theme (MDX components); final page data
    const server = await task(logger, 'bundle server', () => bundleServerStage(site, base, early), () => (early.used.server ? EARLY : ''));
    checkUnknownComponents(compiled, server.mdxComponents);
    const pages = resolvePages(table, site.compiledByRoute, server, config.title);
    // Render workers start now (evaluating the bundle, warming up) beside the data and client stages.
    cache = opts.cache === false ? null : new RenderCache(path.join(cacheDir, 'render'), server.key);
    // Before the workers get the site data: publishing the favicon changes its URL there.
    publishFavicon({ siteDir, staging, config, siteData });
    pool = startRenderWorkers({ table, siteData, pages, server, cache, contentKeys: site.contentKeys, standalone: site.standaloneCode });
    // 5. Data files (static files, images, sidebars, search indexes) and browser bundles
    const data = await task(logger, 'write data', () => (copyAssets({ siteDir, staging, config, images }), writeData({ staging, base, table, compiled, cacheDir: site.cacheDir, wholeSidebars: sidebarItemsSwizzled(siteDir) })));
    // With render workers, the indexes are built here, before the render: built beside it on
    // this thread, their memory added to the render's (10,000 pages: 1.45 GB against 1.0).
    // Without (few pages to render: an edit), a core is idle: they go to a thread of their own.
    search ??= searchStage({ staging, base, groups: searchPages(compiled), cacheDir: site.cacheDir, worker: pool === null, thread: null });
    if (!searching && search.onWorker) (searching = search.run()).catch(() => undefined);
    const searchIndexes = searching ? null : await task(logger, 'search index', () => search!.run());
    // The worker's job holds the texts it needs by now (run() reads them before its first await).
    releaseSearchText(compiled);
    const client = await task(logger, 'bundle client', () => bundleClientStage(site, { staging, base, pages }, early), () => (early.used.client ? EARLY : ''));
    // Nothing bundles after this: esbuild's service (about 45 MB) goes before the render's peak.
    await stopBundler();
    // 6. Prerender every route
    releaseCode(site);
    const rendered = await task(logger, 'render html', () => renderAll({ siteDir, staging, base, table, siteData, server, pages, app: client.app, build: client.build, chunks: client.chunks, data, contentKeys: site.contentKeys, cache, pool, standalone: site.standaloneCode, siteHead: headTagsHtml(config.headTags) }), (r) => `${r.length} pages, ${cache?.hits ?? 0} from cache${r.onWorkers ? `, ${r.onWorkers} on worker threads` : ''}`);
    await pool?.close();
    // The time the build waited for the worker; its own time is the detail.
    const indexes = searchIndexes ?? (await task(logger, 'search index', () => searching!, (r) => `built beside the render in ${formatMs(r.workerMs ?? 0)}`));
    writeCurrentBuild(staging, { build: client.build, manifest: rendered.manifest.url, ...(rendered.manifest.shards ? { manifestShards: rendered.manifest.shards } : {}), searchIndexes: Object.fromEntries(indexes.urls) });
    site.standaloneCode.finish();
    // 7. Links and anchors, in the rendered output
    const policy = opts.strictLinks ? 'throw' : config.onBrokenLinks;
    const anchorPolicy = opts.strictLinks ? 'throw' : config.onBrokenAnchors;
    try {
      await task(logger, 'check links', () => checkLinks({ files: output.files(), rendered, keys: rendered.keys, cacheDir: cache ? cacheDir : null, table, compiledByRoute: site.compiledByRoute, policy, anchorPolicy, configName: configFileName(siteDir), unpublished: config.unpublishedPaths, logger }));
    } finally {
      // After the check, which reads kept pages' links from it; kept whatever it finds (the
      // bodies are right: once a link is fixed, only what changed is rendered again).
      cache?.finish();
      cache = null;
    }
    // 8. Login shell and manifest for `docgen serve`, precompressed shared scripts and styles; then swap the new output in
    writeServerFiles({ siteDir, staging, config, table, siteData, server, login: client.login, auth });
    await task(logger, 'compress', () => compressor.finish(output), (n) => `${n} shared assets (JS, CSS), br + gzip`);
    await task(logger, 'write output', () => finishOutput(output), () => `${output.kept} files unchanged`);
    await indexes.settled;
  } catch (error) {
    await pool?.close();
    // Its files go into the staging folder: it ends before the folder goes.
    await searching?.catch(() => undefined);
    await searchThread?.settled().catch(() => undefined);
    cache?.discard();
    site.standaloneCode.discard();
    await compressor.stop();
    await discardOutput(output);
    throw error;
  }
  // A one-locale build read only that locale: the others' entries stay for the next full build.
  if (!opts.locale) docCache?.save();
  const count = (kind: string) => table.routes.filter((r) => r.page.kind === kind).length;
  // The same count the "read content" line printed: one per page served (redirects apart).
  return { outDir, routes: table.routes.length, redirects: Object.keys(table.redirects).length, docs: count('doc'), pages: count('page'), warnings: logger.warnings };
}
