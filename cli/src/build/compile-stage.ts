import path from 'node:path';
import type { TocItem } from '@docgen/core/types';
import { configSourceHash } from '../config/load-config.js';
import type { SiteConfig } from '../config/schema.js';
import type { CompileJob, JobData, JobResult } from '../content/compile-job.js';
import { moveCode, moveField } from './code-spill.js';
import { frontMatterFormat } from '../content/format.js';
import { bodyFacts } from '../content/body-facts.js';
import type { CompiledPartial } from '../content/partials.js';
import { AggregateDocgenError, ContentError, DocgenError, formatLocation } from '../errors.js';
import type { Route, RouteTable } from '../routes/build-routes.js';
import { basePrefix } from '@docgen/core/url';
import type { SearchSection } from '../search/index.js';
import type { Logger } from '../utils/logger.js';
import type { ImageRegistry } from './assets.js';
import { runCompileJobs } from './compile-pool.js';
import { sitePaths } from '../config/site-paths.js';

export interface CompiledRoute {
  route: Route;
  /** Generated module name of the compiled MDX. */
  moduleName: string;
  code: string;
  /** What the search sections are a function of (the compile cache's key for the job), or null without a cache. */
  searchSource: string | null;
  /** The search sections as JSON (a cached page's are read from the cache, not parsed). */
  searchJson: () => string;
  /** sha256 (hex) of the code, and whether it imports nothing but the JSX runtime (from the compile job). */
  codeHash: string;
  isStandalone: boolean;
  data: JobData;
  search: SearchSection[] | null;
  /** Headings within the configured TOC levels (PageData.toc). */
  toc: TocItem[];
  /** Markdown files the page imports, compiled (served to the bundler by path). */
  partials: CompiledPartial[];
}

/**
 * Compiles every markdown route (in parallel on worker threads for large sites). Every
 * problem of every file is collected before failing, so one build reports them all;
 * warnings (broken .md links under 'warn') are printed.
 */
export async function compileRoutes(opts: {
  table: RouteTable;
  config: SiteConfig;
  siteDir: string;
  images: ImageRegistry;
  logger: Logger;
  /** Runs the jobs; the build's pool by default (docgen dev passes its long-lived worker). */
  runJobs?: typeof runCompileJobs;
  /** Sees each result as it arrives (see runCompileJobs); its `code` is carried to the CompiledRoute as it is then. */
  onResult?: (result: JobResult) => void;
}): Promise<CompiledRoute[]> {
  const { table, config, images, logger } = opts;
  const toc = config.themeConfig.tableOfContents;
  // Plugins are functions: a worker thread loads them from the site's config itself.
  const hasPlugins = config.markdown.remarkPlugins.length + config.markdown.rehypePlugins.length > 0;
  const errors: DocgenError[] = [...table.problems];
  const contextIds = new Map<Map<string, string>, number>();
  const staticDirs = sitePaths(config, opts.siteDir).static;
  const routes: Route[] = [];
  const jobs: CompileJob[] = [];
  for (const route of table.routes) {
    const source = route.source;
    if (source?.kind !== 'mdx') continue;
    const map = source.links.routeByFile;
    if (!contextIds.has(map)) contextIds.set(map, contextIds.size);
    routes.push(route);
    const doc = source.doc;
    jobs.push({
      // Read only if the page is compiled: the compile cache's key is the text's hash.
      get body() {
        return doc.body;
      },
      bodyHash: bodyFacts(doc)[0],
      sourcePath: source.doc.absolutePath,
      siteRelativePath: source.doc.siteRelativePath,
      routePath: route.path,
      linkContext: contextIds.get(map)!,
      onBrokenMarkdownLinks: config.onBrokenMarkdownLinks,
      trailingSlash: config.trailingSlash ?? source.doc.folderUrl,
      mermaid: config.markdown.mermaid,
      codeReferences: config.markdown.codeReferences,
      ...(config.markdown.admonitionKeywords.length ? { admonitionKeywords: config.markdown.admonitionKeywords } : {}),
      markdownFormat: config.markdown.format,
      frontMatterFormat: frontMatterFormat(source.doc.frontMatter),
      staticDirs,
      base: basePrefix(config.baseUrl),
      search: route.page.kind === 'doc',
      ...(hasPlugins ? { pluginSite: opts.siteDir, pluginsKey: configSourceHash(config) } : {}),
    });
  }
  const contexts = new Map([...contextIds].map(([map, id]) => [id, map]));
  const results = await (opts.runJobs ?? runCompileJobs)(jobs, contexts, opts.onResult);

  const out: CompiledRoute[] = [];
  results.forEach((result, i) => {
    const route = routes[i];
    const job = jobs[i];
    if (!result.ok) {
      errors.push(new ContentError(result.location ?? { file: job.siteRelativePath }, result.message));
      return;
    }
    for (const [rel, abs] of result.images) images.files.set(rel, abs);
    for (const p of result.data.problems) {
      const location = { file: job.siteRelativePath, line: p.line, column: p.column };
      if (p.severity === 'error') errors.push(new ContentError(location, p.message));
      else logger.warn(`${formatLocation(location)}: ${p.message}`);
    }
    const fm = route.source?.kind === 'mdx' ? route.source.doc.frontMatter : {};
    const min = fm.toc_min_heading_level ?? toc.minHeadingLevel;
    const max = fm.toc_max_heading_level ?? toc.maxHeadingLevel;
    const headings = result.data.toc.filter((t) => t.level >= min && t.level <= max);
    const compiled: CompiledRoute = { route, moduleName: `mdx/${route.locale}${route.path}`, code: '', codeHash: result.codeHash, isStandalone: result.isStandalone, data: result.data, search: null, searchSource: result.inputKey ?? null, searchJson: result.searchJson ?? (() => JSON.stringify(compiled.search)), toc: headings, partials: result.partials ?? [] };
    moveCode(result, compiled);
    // A cached page's sections are read only if its search index must be built again.
    moveField(result, compiled, 'search');
    out.push(compiled);
  });
  if (errors.length) throw new AggregateDocgenError(`${errors.length} problem${errors.length > 1 ? 's' : ''} in the content:`, errors);
  return out;
}
