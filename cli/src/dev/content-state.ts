import path from 'node:path';
import type { AuthData, SiteData } from '@docgen/core/types';
import type { SiteConfig } from '../config/schema.js';
import { ImageRegistry } from '../build/assets.js';
import { readDoc, type DocSource } from '../content/load-docs.js';
import { AggregateDocgenError, DocgenError } from '../errors.js';
import { buildRoutes, type Route, type RouteTable } from '../routes/build-routes.js';
import { resolvePage } from '../routes/resolve-page.js';
import { buildSiteData } from '../routes/site-data.js';
import { basePrefix } from '@docgen/core/url';
import type { Logger } from '../utils/logger.js';
import type { RouteUpdate } from './events.js';
import type { MemoryFiles } from '../bundle/memory-files.js';
import { PageCache, type BuiltPage, type PageCacheContext } from './page-cache.js';
import type { ProblemBoard } from './problems.js';
import { Revisions } from './revisions.js';
import { DevSearch } from './search-index.js';
import { sitePaths } from '../config/site-paths.js';
import { DocCache } from './doc-cache.js';
import { onlyTextChanged } from './doc-shape.js';
import { EarlyCommits } from './early-commits.js';
import { whenQuiet } from './idle.js';
import { trace } from './trace.js';

export interface ContentOptions {
  siteDir: string;
  config: SiteConfig;
  /** What the previous start read of each doc (parsed while the config was bundled). */
  docs: DocCache;
  auth: AuthData | null;
  logger: Logger;
  problems: ProblemBoard;
  files: MemoryFiles;
  vendor(): Map<string, string>;
  mdxComponents(): Record<string, unknown>;
  runJobs: PageCacheContext['runJobs'];
}

const DOC_CACHE_DELAY_MS = 1000;

/** What a change did to the routes the browser may be showing. */
export interface ContentChange {
  routes: RouteUpdate[];
  removed: string[];
}

/**
 * The site's routes, sidebars and pages in memory. The route table is rebuilt only when a
 * change can move pages around (new, deleted or renamed files, titles, positions, slugs,
 * `_category_` files); an edit of a page's text touches that page alone.
 */
export class DevContent {
  table!: RouteTable;
  siteData!: Map<string, SiteData>;
  readonly byPath = new Map<string, Route>();
  /** Markdown routes by their file: a save finds its routes without a pass over the site. */
  private readonly byDocFile = new Map<string, Route[]>();
  readonly revisions: Revisions;
  readonly pages: PageCache;
  readonly search: DevSearch;
  /** Images the compiled pages referenced (build path → file), served under assets/img/. */
  readonly images: ImageRegistry;
  /** `frontMatter` of page components, learned when they were first rendered. */
  private readonly moduleTitles = new Map<string, BuiltPage['frontMatter']>();
  /** What each doc's front matter said at the last start or rebuild (reads only changed files). */
  readonly docs: DocCache;
  /** The pages' last commits, asked of git as the session opens (only when the site shows them). */
  private readonly commits: EarlyCommits;

  constructor(private readonly opts: ContentOptions) {
    const { siteDir, config, files } = opts;
    this.commits = new EarlyCommits(config, siteDir);
    this.revisions = new Revisions(files.prefix);
    this.docs = opts.docs;
    this.search = new DevSearch(files.prefix);
    this.images = new ImageRegistry(sitePaths(config, siteDir).static, basePrefix(config.baseUrl));
    this.pages = new PageCache({
      siteDir,
      config,
      logger: opts.logger,
      files,
      vendor: opts.vendor,
      mdxComponents: opts.mdxComponents,
      runJobs: opts.runJobs,
      images: () => this.images,
      report: (file, error) => (error ? opts.problems.set(`page:${file}`, error) : opts.problems.clear(`page:${file}`)),
    });
  }

  /**
   * Reads every file's front matter and builds routes and sidebars. A file with a mistake is
   * left out and shown as a problem; a mistake that leaves no usable table (the navbar names
   * a missing doc) throws.
   */
  async load(): Promise<void> {
    await this.commits.wait();
    this.install(this.buildTable());
  }

  /**
   * Rebuilds routes and sidebars (cheap: front matter only). When the table cannot be built,
   * the previous one stays in service and the problem is shown until it is fixed.
   */
  rebuild(): ContentChange | null {
    let built: ReturnType<DevContent['buildTable']>;
    try {
      built = this.buildTable();
    } catch (error) {
      if (!(error instanceof DocgenError)) throw error;
      this.opts.problems.set('routes', error);
      return null;
    }
    return this.install(built);
  }

  /** True while some file is left out of the routes: then any change rebuilds them. */
  get broken(): boolean {
    return this.opts.problems.has('routes');
  }

  /**
   * A markdown file was saved. When its front matter and title are unchanged, only its text
   * is replaced (that route alone recompiles). 'structure': the routes must be rebuilt (or the
   * file is not a known page); 'error': it could not be read (shown as a problem).
   */
  refreshDoc(file: string): { kind: 'text'; routes: Route[] } | { kind: 'structure' } | { kind: 'error' } {
    const routes = this.byDocFile.get(file) ?? [];
    if (routes.length === 0) return { kind: 'structure' };
    const doc = (routes[0].source as { doc: DocSource }).doc;
    let fresh: DocSource;
    try {
      this.docs.rereading(file, doc.siteRelativePath);
      fresh = readDoc(file, doc.relativePath, doc.siteRelativePath);
    } catch (error) {
      if (!(error instanceof DocgenError)) throw error;
      this.opts.problems.set(`file:${doc.siteRelativePath}`, error);
      return { kind: 'error' };
    }
    this.opts.problems.clear(`file:${doc.siteRelativePath}`);
    if (!onlyTextChanged(doc, fresh, routes[0].page.description)) return { kind: 'structure' };
    for (const route of routes) {
      (route.source as { doc: DocSource }).doc.body = fresh.body;
      this.bump(route);
    }
    return { kind: 'text', routes };
  }

  /** Builds (or reuses) a route's content and applies what only the build knows (toc, page titles). */
  async page(route: Route): Promise<BuiltPage> {
    const built = await this.pages.get(route);
    if (built.frontMatter !== undefined && route.source?.kind === 'module') {
      const file = route.source.page.absolutePath;
      if (this.moduleTitles.get(file) !== built.frontMatter) {
        this.moduleTitles.set(file, built.frontMatter);
        applyModuleTitle(route, built.frontMatter, this.opts.config.title);
        this.revisions.settle(route);
      }
    }
    return built;
  }

  /** The route's content changed: a new chunk URL, and search indexes are rebuilt when next asked for. */
  bump(route: Route): void {
    this.revisions.bump(route.path);
    this.search.invalidate();
  }

  update(route: Route): RouteUpdate {
    return this.revisions.update(route);
  }

  private buildTable() {
    const { config, siteDir, auth } = this.opts;
    const table = buildRoutes(config, siteDir, { readDoc: this.docs.read, readCategory: this.docs.readCategory, lastCommits: this.commits.take });
    // Written a moment later, off the path of the first page that waits for these routes, and
    // when no save is under way (50 ms of this thread at 10,000 pages); at the latest on close.
    this.docsUnsaved = true;
    setTimeout(() => void whenQuiet().then(() => this.saveDocs()), DOC_CACHE_DELAY_MS).unref();
    for (const warning of table.warnings) this.opts.logger.warn(warning);
    if (table.problems.length) this.opts.problems.set('routes', new AggregateDocgenError('Problems in the content:', table.problems));
    else this.opts.problems.clear('routes');
    for (const route of table.routes) {
      if (route.source?.kind !== 'module') continue;
      const fm = this.moduleTitles.get(route.source.page.absolutePath);
      if (fm !== undefined) applyModuleTitle(route, fm, config.title);
    }
    // As in a build: search exists when there are docs (dev builds its index on first search).
    const siteData = buildSiteData(config, table, { auth, siteDir, search: table.routes.some((r) => r.page.kind === 'doc') });
    return { table, siteData };
  }

  private docsUnsaved = false;

  /** Writes the doc cache if a rebuild read docs since it was last written. */
  saveDocs(): void {
    if (!this.docsUnsaved) return;
    this.docsUnsaved = false;
    trace('doc cache save');
    this.docs.save();
  }

  private install({ table, siteData }: { table: RouteTable; siteData: Map<string, SiteData> }): ContentChange {
    // Compiled pages carry their headings; new route objects get them back before diffing.
    for (const route of table.routes) {
      const before = this.byPath.get(route.path);
      if (before && before.source?.kind === route.source?.kind) route.page.toc = before.page.toc;
    }
    this.table = table;
    this.siteData = siteData;
    this.byPath.clear();
    this.byDocFile.clear();
    for (const route of table.routes) {
      this.byPath.set(route.path, route);
      if (route.source?.kind !== 'mdx') continue;
      const file = route.source.doc.absolutePath;
      const list = this.byDocFile.get(file);
      if (list) list.push(route);
      else this.byDocFile.set(file, [route]);
    }
    const { changed, removed } = this.revisions.track(table);
    if (changed.length || removed.length) this.search.invalidate();
    return { routes: changed.map((r) => this.revisions.update(r)), removed };
  }
}

/** As in a build (resolvePage): a page component's `frontMatter` names its title. */
function applyModuleTitle(route: Route, fm: BuiltPage['frontMatter'], siteTitle: string) {
  route.page = resolvePage(route.page, { frontMatter: fm }, siteTitle, true);
}
