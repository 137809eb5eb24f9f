import { createHash } from 'node:crypto';
import { statSync } from 'node:fs';
import type { TocItem } from '@docgen/core/types';
import type { SiteConfig } from '../config/schema.js';
import type { ImageRegistry } from '../build/assets.js';
import { checkUnknownComponents } from '../build/checks.js';
import { compileRoutes, type CompiledRoute } from '../build/compile-stage.js';
import type { Route, RouteTable } from '../routes/build-routes.js';
import { sourceFileOf } from '../routes/source-file.js';
import type { Logger } from '../utils/logger.js';
import { trace } from './trace.js';
import { linkContextHash } from './link-context-hash.js';
import type { MemoryFiles } from '../bundle/memory-files.js';
import { bundlePageForBrowser, bundlePageForNode, type BrowserChunk, type NodePage, type PageSourceCode } from '../bundle/page.js';
import type { StandaloneCode } from '../content/standalone-forms.js';

/** What the cache needs from the running server; getters, since a theme rebuild replaces them. */
export interface PageCacheContext {
  siteDir: string;
  config: SiteConfig;
  images(): ImageRegistry;
  logger: Logger;
  files: MemoryFiles;
  vendor(): Map<string, string>;
  mdxComponents(): Record<string, unknown>;
  /** Runs compile jobs (the dev compiler's worker). */
  runJobs: NonNullable<Parameters<typeof compileRoutes>[0]['runJobs']>;
  /** A page's problems appeared (error) or went away (null), keyed by its source file. */
  report(file: string, error: unknown | null): void;
}

/** One route's content, ready to render. */
export interface BuiltPage {
  key: string;
  source: PageSourceCode;
  compiled: CompiledRoute | null;
  /** The page's headings, filtered to the configured levels (PageData.toc). */
  toc: TocItem[];
  node: NodePage;
  /** `export const frontMatter` of a page component (its title and description). */
  frontMatter?: { title?: string; description?: string };
}

interface Entry {
  key: string;
  attempt: Promise<BuiltPage>;
  /** Set when `attempt` failed: the page serves `good` until its source changes. */
  failed?: boolean;
  good?: BuiltPage;
  chunks: Map<string, Promise<BrowserChunk>>;
}

/**
 * Compile on demand: a route's MDX is compiled (and bundled for node) the first time it is
 * asked for, then kept until its source text, its link context or a file it imports
 * changes. Start-up therefore does no per-page work, and an edit recompiles one page.
 */
export class PageCache {
  private readonly entries = new Map<string, Entry>();
  /** How many times each route was built (compiled and bundled): for tools and tests. */
  readonly builds = new Map<string, number>();

  constructor(private readonly ctx: PageCacheContext) {}

  /** The route's content: the fresh build, or the last good one when the source is broken. */
  async get(route: Route): Promise<BuiltPage> {
    const entry = this.entryFor(route);
    const fileOf = sourceFileOf(route);
    try {
      const built = await entry.attempt;
      this.ctx.report(fileOf, null);
      route.page.toc = built.toc;
      return built;
    } catch (error) {
      this.ctx.report(fileOf, error);
      if (!entry.good) throw error;
      route.page.toc = entry.good.toc;
      return entry.good;
    }
  }

  /**
   * Starts building the route's content, unless that build is under way or done, and neither
   * waits for it nor reports its problems: a start's guess at its first page (start-inputs.ts),
   * which a later get() of a route with the same key takes up.
   */
  prepare(route: Route): Promise<unknown> {
    const { attempt } = this.entryFor(route);
    attempt.catch(() => undefined);
    return attempt;
  }

  private entryFor(route: Route): Entry {
    const key = this.keyOf(route);
    let entry = this.entries.get(route.path);
    if (!entry || entry.key !== key) {
      const previous = entry;
      const attempt = this.build(route, key);
      entry = { key, attempt, good: previous?.good, chunks: new Map() };
      this.entries.set(route.path, entry);
      const current = entry;
      attempt.then((built) => (current.good = built), () => (current.failed = true));
    }
    return entry;
  }

  /** The route's client chunk for its current page data. */
  async chunk(route: Route): Promise<BrowserChunk> {
    const built = await this.get(route);
    const entry = this.entries.get(route.path)!;
    const chunkKey = `${built.key}\0${JSON.stringify(route.page)}`;
    let chunk = entry.chunks.get(chunkKey);
    if (!chunk) {
      chunk = bundlePageForBrowser(built.source, route.page, this.ctx.files, this.ctx.vendor());
      entry.chunks.clear();
      entry.chunks.set(chunkKey, chunk);
      chunk.catch(() => entry.chunks.delete(chunkKey));
    }
    return chunk;
  }

  /** Routes whose last build read `file` (an imported component, an image): they are dropped. */
  invalidateInputs(file: string): string[] {
    const hit: string[] = [];
    for (const [routePath, entry] of this.entries) {
      if (entry.good?.node.inputs.includes(file)) {
        this.entries.delete(routePath);
        hit.push(routePath);
      }
    }
    return hit;
  }

  /** Forgets everything (images or static files changed). */
  clear(): void {
    this.entries.clear();
  }

  /**
   * Builds that failed are tried again on the next request (the theme changed: a component
   * a page uses may exist now). Good builds stay: pages do not include the theme.
   */
  retryFailed(): void {
    for (const [routePath, entry] of this.entries) {
      if (entry.failed) this.entries.set(routePath, { ...entry, key: '', failed: false });
    }
  }

  has(routePath: string): boolean {
    return this.entries.has(routePath);
  }

  /** The last good build of a route, if any, without building anything. */
  peek(routePath: string): BuiltPage | undefined {
    return this.entries.get(routePath)?.good;
  }

  private async build(route: Route, key: string): Promise<BuiltPage> {
    const { ctx } = this;
    this.builds.set(route.path, (this.builds.get(route.path) ?? 0) + 1);
    const source = route.source!;
    if (source.kind === 'module') {
      const src: PageSourceCode = { siteDir: ctx.siteDir, code: null, sourcePath: source.page.absolutePath, siteRelativePath: source.page.siteRelativePath };
      const node = await bundlePageForNode(src, ctx.files);
      return { key, source: src, compiled: null, toc: [], node, frontMatter: node.exports.frontMatter as BuiltPage['frontMatter'] };
    }
    // The build's own compile stage, given a table of one route: same plugins, same checks.
    const table = { routes: [route], problems: [] } as unknown as RouteTable;
    trace(`compile ${route.path}`);
    // A plain page's two forms, printed by the compile job (content/standalone-forms.ts).
    let standalone: StandaloneCode | undefined;
    const runJobs: typeof ctx.runJobs = async (jobs, contexts, onResult) => {
      const results = await ctx.runJobs(jobs, contexts, onResult);
      standalone = results[0]?.ok ? results[0].standalone : undefined;
      return results;
    };
    const [compiled] = await compileRoutes({ table, config: ctx.config, siteDir: ctx.siteDir, images: ctx.images(), logger: ctx.logger, runJobs });
    checkUnknownComponents([compiled], ctx.mdxComponents());
    const { doc } = source;
    const src: PageSourceCode = { siteDir: ctx.siteDir, code: compiled.code, sourcePath: doc.absolutePath, siteRelativePath: doc.siteRelativePath, partials: compiled.partials, standalone };
    trace(`bundle ${route.path}`);
    const node = await bundlePageForNode(src, ctx.files);
    trace(`bundled ${route.path}`);
    return { key, source: src, compiled, toc: compiled.toc, node };
  }

  private keyOf(route: Route): string {
    const source = route.source;
    if (!source) return route.path;
    if (source.kind === 'module') {
      const { mtimeMs, size } = statSync(source.page.absolutePath, { throwIfNoEntry: false }) ?? { mtimeMs: 0, size: 0 };
      return `${route.path}\0${source.page.absolutePath}\0${mtimeMs}\0${size}`;
    }
    const hash = createHash('sha1').update(source.doc.body).digest('base64');
    return `${route.path}\0${source.doc.absolutePath}\0${hash}\0${linkContextHash(source.links.routeByFile)}`;
  }
}
