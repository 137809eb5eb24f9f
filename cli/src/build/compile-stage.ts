import type { SiteConfig } from '../config/schema.js';
import { compileMdx } from '../content/compile-mdx.js';
import type { DocgenFileData } from '../content/plugins/types.js';
import { AggregateDocgenError, ContentError, DocgenError, formatLocation } from '../errors.js';
import type { Route, RouteTable } from '../routes/build-routes.js';
import { extractSearchSections, type SearchSection } from '../search/index.js';
import type { Logger } from '../utils/logger.js';
import type { ImageRegistry } from './assets.js';

export interface CompiledRoute {
  route: Route;
  /** Generated module name of the compiled MDX. */
  moduleName: string;
  code: string;
  data: DocgenFileData;
  search: SearchSection[] | null;
}

/**
 * Compiles every markdown route. Every problem of every file is collected before failing,
 * so one build reports them all; warnings (broken .md links under 'warn') are printed.
 */
export async function compileRoutes(opts: { table: RouteTable; config: SiteConfig; images: ImageRegistry; logger: Logger }): Promise<CompiledRoute[]> {
  const { table, config, images, logger } = opts;
  const toc = config.themeConfig.tableOfContents;
  const errors: DocgenError[] = [...table.problems];
  const out: CompiledRoute[] = [];
  for (const route of table.routes) {
    const source = route.source;
    if (source?.kind !== 'mdx') continue;
    const { doc } = source;
    let search: SearchSection[] | null = null;
    try {
      const compiled = await compileMdx({
        body: doc.body,
        sourcePath: doc.absolutePath,
        siteRelativePath: doc.siteRelativePath,
        routePath: route.path,
        routeByFile: source.links.routeByFile,
        onBrokenMarkdownLinks: config.onBrokenMarkdownLinks,
        resolveImage: images.resolve,
        onHast: route.page.kind === 'doc' ? (tree) => (search = extractSearchSections(tree)) : undefined,
      });
      for (const p of compiled.data.problems) {
        const location = { file: doc.siteRelativePath, line: p.line, column: p.column };
        if (p.severity === 'error') errors.push(new ContentError(location, p.message));
        else logger.warn(`${formatLocation(location)}: ${p.message}`);
      }
      const min = doc.frontMatter.toc_min_heading_level ?? toc.minHeadingLevel;
      const max = doc.frontMatter.toc_max_heading_level ?? toc.maxHeadingLevel;
      route.page.toc = compiled.data.toc.filter((t) => t.level >= min && t.level <= max);
      out.push({ route, moduleName: `mdx/${route.locale}${route.path}`, code: compiled.code, data: compiled.data, search });
    } catch (error) {
      if (!(error instanceof DocgenError)) throw error;
      errors.push(error);
    }
  }
  if (errors.length) throw new AggregateDocgenError(`${errors.length} problem${errors.length > 1 ? 's' : ''} in the content:`, errors);
  return out;
}
