import type { AuthData } from '@docgen/core/types';
import { loadConfig } from '../config/load-config.js';
import type { SiteConfig } from '../config/schema.js';
import { resolveAuth } from '../build/auth.js';
import { basePrefix } from '@docgen/core/url';
import type { Logger } from '../utils/logger.js';
import { task } from '../utils/task.js';
import { DevCompiler } from './compiler.js';
import { DevContent } from './content-state.js';
import { warmRenderer } from './render-page.js';
import type { DevGate } from './gate.js';
import { MemoryFiles } from '../bundle/memory-files.js';
import type { ProblemBoard } from './problems.js';
import { ThemeCache } from './theme-cache.js';
import { DevCompileCache } from './compile-cache.js';
import { trace } from './trace.js';
import { DocCache } from './doc-cache.js';
import { preferProductionReact } from '../bundle/evaluate.js';
import type { ThemeServer } from '../bundle/site.js';
import { bundleApp, bundleLogin, bundleThemeServer, loadThemeServer, type EntryAssets } from '../bundle/theme.js';
import { bundleVendor, vendorUrls } from '../bundle/vendor.js';
import { sitePaths } from '../config/site-paths.js';
import path from 'node:path';
import { keepStartPage, keptStartPage, startPageKept, type StartPage } from './start-page.js';
import { renderAsAtStart } from './render-page.js';
import type { Route } from '../routes/build-routes.js';

/** How long a close waits for the theme's browser bundles still being built (commands/dev.ts gives a close 5 s). */
const BUNDLES_AT_CLOSE_MS = 3_000;

export interface SessionOptions {
  siteDir: string;
  host: string;
  logger: Logger;
  problems: ProblemBoard;
  /** Given the page the previous session kept, when it still holds, before the route table is built (start-page.ts). */
  onStartPage?(page: StartPage): void;
}

/**
 * Everything derived from one site.config.ts: the theme bundles, the routes and the page
 * cache. A config change opens a new session (and the browser reloads); until it opens
 * without a mistake, the previous one keeps serving.
 */
export class DevSession {
  readonly base: string;
  readonly files: MemoryFiles;
  readonly vendor: Map<string, string>;
  readonly content: DevContent;
  readonly compiler = new DevCompiler();
  /** Each route's last compile, kept between starts (dev/compile-cache.ts). */
  readonly compileCache: DevCompileCache;
  theme!: ThemeServer;
  /** The theme's client entry, once built (see appAssets). */
  app: EntryAssets | null = null;
  /** React and the theme's client entry for the browser: pages never wait for them, their files do. */
  browser: Promise<void> = Promise.resolve();
  private login: Promise<EntryAssets> | null = null;
  private readonly cache: ThemeCache;
  /** Inputs of the vendor bundle (kept to describe a rebuilt theme to the cache). */
  private cachedInputs: string[] = [];

  /** The site's stylesheets (customCss), bundled after the theme's. */
  private customCss(): string[] {
    return this.config.customCss.map((f) => path.resolve(this.opts.siteDir, f));
  }

  private constructor(
    readonly opts: SessionOptions,
    readonly config: SiteConfig,
    readonly auth: AuthData | null,
    readonly gate: DevGate | null,
    docs: DocCache,
  ) {
    this.base = basePrefix(config.baseUrl);
    this.files = new MemoryFiles(`${this.base}/__docgen/dev/`);
    this.vendor = vendorUrls(this.files);
    this.cache = new ThemeCache(opts.siteDir, this.base);
    this.compileCache = new DevCompileCache(path.join(opts.siteDir, '.docgen', 'cache', 'dev-compile'));
    this.content = new DevContent({
      siteDir: opts.siteDir,
      config,
      docs,
      auth,
      logger: opts.logger,
      problems: opts.problems,
      files: this.files,
      vendor: () => this.vendor,
      mdxComponents: () => this.theme.mdxComponents,
      runJobs: this.compileCache.wrap(this.compiler.run),
    });
    this.compiler.duringFirstCompile = (routePath) => {
      const route = this.content.byPath.get(routePath);
      if (route && this.theme) warmRenderer(this, route);
    };
  }

  /**
   * 1. config → 2. the MDX compiler starts on its worker thread, the theme's server entry is
   * bundled (esbuild works in its own process) or read from its cache → 3. routes and sidebars
   * meanwhile → 4. wait for the theme (the compiler warms up on its own).
   * Nothing here reads a page's body: pages compile when first asked for. The browser
   * bundles finish in the background: only requests for their files wait for them.
   */
  static async open(opts: SessionOptions): Promise<DevSession> {
    const { logger } = opts;
    const loading = task(logger, 'load config', () => loadConfig(opts.siteDir, (m) => logger.warn(m)));
    loading.catch(() => undefined); // awaited below
    // While esbuild bundles the config in its own process (or node imports the bundle kept
    // from the last run), this thread does what needs no config: React's server build loaded,
    // the doc cache parsed (60 ms at 10,000 pages).
    preferProductionReact();
    const docs = new DocCache(opts.siteDir);
    // Unless a page kept at the last close may be answered before it is needed.
    if (!(opts.onStartPage && startPageKept(opts.siteDir))) docs.preload();
    const config = await loading;
    // Without the emulator there is nothing to sign in against: dev serves ungated.
    const gated = Boolean(config.auth && process.env.FIREBASE_AUTH_EMULATOR_HOST);
    const auth = gated ? resolveAuth(config, opts.logger) : null;
    // Loaded only with the gate on: the token verifier (jose) is a tenth of a start's module loading.
    const gate = gated && auth ? (await import('./gate.js')).createGate(config, auth, opts.host, opts.logger) : null;
    const session = new DevSession(opts, config, auth, gate, docs);
    trace('config loaded');
    const server = session.startTheme();
    // With the theme from its cache, the page the last session kept can be answered now, if
    // it still holds, and the route table built after: at 10,000 pages that table is 250 ms.
    // Checked before the compiler's warm-up is sent: a compile the check starts comes first.
    const early = session.app && opts.onStartPage ? keptStartPage(session) : null;
    const compiler = session.compiler.warmUp(sitePaths(config, opts.siteDir).static);
    // Awaited below; a content error thrown meanwhile must not leave them unhandled.
    compiler.catch(() => undefined);
    server.catch(() => undefined);
    try {
      if (early) {
        const page = await early;
        trace('start page checked');
        if (page) {
          opts.onStartPage!(page);
          await new Promise((resolve) => setImmediate(resolve)); // the requests waiting for it go first
        }
      }
      await task(logger, 'read content', () => session.content.load(), () => `${session.content.table.routes.length} routes`);
      // Not the compiler's warm-up: the first page is often in the compile cache, and when
      // it is not, its compile waits for the worker anyway.
      await task(logger, 'theme', () => server);
    } catch (error) {
      await session.close();
      throw error;
    }
    return session;
  }

  /**
   * The theme's bundles at start: from the on-disk cache when nothing they are built from
   * changed, else built. The first page needs the server entry only: the browser bundles
   * start after it, so esbuild gives it every core. Resolves when the server entry is ready.
   */
  private startTheme(): Promise<void> {
    const cached = this.cache.read();
    if (cached) {
      this.files.import(cached.files);
      this.app = cached.app;
      this.theme = loadThemeServer(cached.server);
      this.cachedInputs = cached.inputs;
      return Promise.resolve();
    }
    const { siteDir, problems } = this.opts;
    const server = bundleThemeServer(siteDir, this.files).then((built) => {
      this.theme = loadThemeServer(built.value);
      return built;
    });
    this.browser = server
      .then(async (built) => {
        const [vendorInputs, app] = await Promise.all([bundleVendor(siteDir, this.files), bundleApp(siteDir, this.files, this.vendor, this.customCss())]);
        this.app = app.value;
        this.cachedInputs = vendorInputs;
        this.cache.write({ files: this.files.export(['vendor', 'app']), app: app.value, server: built.value, inputs: [] }, [...vendorInputs, ...app.inputs, ...built.inputs]);
      })
      .then(
        () => problems.clear('theme'),
        (error: unknown) => problems.set('theme', error),
      );
    return server.then(() => undefined);
  }

  /**
   * Rebuilds the theme's client and server entries after a theme file changed. Each is
   * swapped in as soon as it is built, so a failure leaves no half-updated pair.
   */
  async bundleTheme(): Promise<void> {
    const { siteDir } = this.opts;
    this.login = null;
    const [app, server] = await Promise.all([
      bundleApp(siteDir, this.files, this.vendor, this.customCss()).then((built) => ((this.app = built.value), built)),
      bundleThemeServer(siteDir, this.files).then((built) => ((this.theme = loadThemeServer(built.value)), built)),
    ]);
    this.cache.write({ files: this.files.export(['vendor', 'app']), app: app.value, server: server.value, inputs: [] }, [...this.cachedInputs, ...app.inputs, ...server.inputs]);
  }

  /**
   * What a page loads: the client entry's files, by their fixed names until its build (and
   * the list of its shared chunks to preload) is known.
   */
  appAssets(): EntryAssets {
    // One object while the names are fixed: a page rendered with them is not rendered again (render-page.ts).
    return this.app ?? (this.fixedApp ??= { script: this.files.urlOf('app', 'app.js'), styles: [this.files.urlOf('app', 'app.css')], preload: [...this.vendor.values()] });
  }

  private fixedApp: EntryAssets | null = null;

  /** How many times each route was rendered by React (render-page.ts reuses unchanged HTML). */
  readonly renders = new Map<string, number>();

  /** What the session did so far, for tools and tests (`/__docgen/dev/stats.json`): counts, never times. */
  stats() {
    const { pages, docs } = this.content;
    return {
      builds: Object.fromEntries(pages.builds),
      renders: Object.fromEntries(this.renders),
      compileCache: { hits: this.compileCache.hits, misses: this.compileCache.misses, warmed: this.compileCache.warmed },
      docCache: { hits: docs.hits, misses: docs.misses },
    };
  }

  /** Stops what the session runs besides the server (its compile worker); keeps the last compiles and the doc cache. */
  /** True once closed: work put off until a quiet moment (idle.ts) is then dropped. */
  closed = false;

  /** The page last served (the one the writer has open): kept at close for the next start. */
  lastPage: Route | undefined;

  /** The theme cache's identity (start-page.ts). */
  themeStamp(): string {
    return this.cache.stamp();
  }

  async close(): Promise<void> {
    // First the doc cache: written, it no longer holds docs deleted while dev was stopped,
    // which the kept page's check would take for changes the session has not read.
    this.content.saveDocs();
    // A first start's browser bundles may still be building (a writer who stops dev seconds
    // after starting it): the page is kept as a start with them cached will render it, and
    // they are cached for that start. Bounded, as the close is (a second Ctrl-C exits at once).
    if (!this.closed && !this.app && this.lastPage) await Promise.race([this.browser, new Promise((resolve) => setTimeout(resolve, BUNDLES_AT_CLOSE_MS).unref())]);
    // Before the worker stops: the page may need its compile.
    if (!this.closed) await keepStartPage(this, this.lastPage, (route) => renderAsAtStart(this, route));
    this.closed = true;
    this.compileCache.flush();
    await this.compiler.close();
  }

  /** The login shell's bundle, built the first time a signed-out visitor needs it. */
  loginAssets(): Promise<EntryAssets> {
    if (!this.login) {
      this.login = bundleLogin(this.opts.siteDir, this.files, this.vendor);
      this.login.catch(() => (this.login = null));
    }
    return this.login;
  }
}
