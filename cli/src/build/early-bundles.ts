import type { PageData } from '@docgen/core/types';
import { contentModules, serverEntry } from '../bundle/entries.js';
import { loadServerBundle, type ServerBundle } from '../bundle/site.js';
import { resolvePage } from '../routes/resolve-page.js';
import type { RouteTable } from '../routes/build-routes.js';
import type { CompiledRoute } from './compile-stage.js';
import { bodyFacts } from '../content/body-facts.js';
import { cacheKey } from './bundle-cache.js';
import { browserBundles, bundledCode, clientEntries, serverBundleCode, type BrowserBundles } from './bundle-stage.js';

/**
 * The prerender and browser bundles, made while the pages compile. They depend on the pages
 * only through which routes need the bundler, and nearly every page needs none (its MDX
 * imports nothing: see standalone.ts). So they are made for that guess, every Markdown route
 * standalone, as soon as the routes are known; esbuild runs in its own process, beside the
 * compile. After the compile, a stage takes an early bundle only when its cache key (entries,
 * bundled code, generated modules) is the one the stage computes from the real pages: then it
 * is the same bundle. Otherwise, or when the early build failed, the stage builds as before
 * and reports its own errors. On a 35-page site this hid the bundles' time (about a third of
 * a cold build) behind the compile.
 */
export class EarlyBundles {
  private readonly serverKey: string;
  private readonly serverBundle: Promise<ServerBundle | null>;
  private readonly clientBundles: Promise<BrowserBundles | null>;
  private taken = false;
  private abandoned = false;
  /** Which early bundles the stages took (their log lines say so). */
  readonly used = { server: false, client: false };

  constructor(opts: { siteDir: string; table: RouteTable; siteTitle: string; base: string; staging: string; cacheDir: string | null; customCss: string[] }) {
    const { table } = opts;
    // What siteModules will find if every Markdown page compiles standalone.
    const standalone = new Set(table.routes.flatMap((route, i) => (route.source?.kind === 'module' ? [] : [i])));
    const site = { siteDir: opts.siteDir, table, compiledByRoute: new Map<never, CompiledRoute>(), standalone, modules: contentModules([], opts.customCss), cacheDir: opts.cacheDir };
    const entry = serverEntry(table.routes, site.compiledByRoute, standalone);
    const assetsUrl = `${opts.base}/assets/media/`;
    this.serverKey = cacheKey([entry, assetsUrl, ...bundledCode(site)]);
    // A page with an import line will need the bundler: no guess then. Otherwise the start
    // waits one turn of the event loop, in which a rebuild replays its cached compile results
    // (abandon() on any that imports something), so that no esbuild work is thrown away.
    this.abandoned = table.routes.some((route) => route.source?.kind === 'mdx' && bodyFacts(route.source.doc)[1]);
    const started = new Promise<void>((resolve) => setImmediate(resolve));
    this.serverBundle = started
      .then(() => (this.abandoned ? null : serverBundleCode(site, entry, assetsUrl, this.serverKey)))
      .then((code) => (code === null || this.abandoned ? null : loadServerBundle(code)), () => null);
    this.clientBundles = this.serverBundle.then(async (server) => {
      if (!server || this.abandoned) return null;
      // The page data of the routes the bundler takes (page components): their titles come from the bundle.
      const pages: PageData[] = [];
      for (const i of table.routes.keys()) if (!standalone.has(i)) pages[i] = resolvePage(table.routes[i].page, { frontMatter: server.routes[i]?.frontMatter }, opts.siteTitle, true);
      const entryPoints = clientEntries(site, pages);
      return browserBundles(site, { staging: opts.staging, base: opts.base, entryPoints });
    }).catch(() => null);
  }

  /** A page turned out to need the bundler: the guess is wrong, nothing more is built for it. */
  abandon(): void {
    this.abandoned = true;
  }

  /** The prerender bundle, loaded, when it was built for `key` (taken once: the stage installs pages in it). */
  async server(key: string): Promise<ServerBundle | null> {
    if (key !== this.serverKey || this.taken || this.abandoned) return null;
    this.taken = true;
    const bundle = await this.serverBundle;
    this.used.server = bundle !== null;
    return bundle;
  }

  /** The browser bundles, when they were built for `key`. */
  async client(key: string): Promise<BrowserBundles | null> {
    const made = this.abandoned ? null : await this.clientBundles;
    if (made?.key !== key) return null;
    this.used.client = true;
    return made;
  }
}
