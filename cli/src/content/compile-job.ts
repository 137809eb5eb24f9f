import { createHash } from 'node:crypto';
import { ImageRegistry } from '../build/assets.js';
import { DocgenError, type SourceLocation } from '../errors.js';
import { extractSearchSections, spliceSearchPartials, type PartialSections } from '../search/extract.js';
import type { SearchSection } from '../search/index.js';
import { compileMdx, type CompileInput, type SitePlugins } from './compile-mdx.js';
import type { MarkdownFormat } from './format.js';
import { compilePartials, withToc, type CompiledPartial } from './partials.js';
import { appendExport, DYNAMIC_IMPORT, isStandalone, type StandaloneCode } from './standalone-forms.js';
import type { DocgenFileData } from './plugins/types.js';

export { directStats } from './direct-stage.js';

/** Everything one compile needs, as plain data: it may run in a worker thread. */
export interface CompileJob {
  body: string;
  /** sha256 (hex) of `body`, when known without reading it (the doc cache keeps it): the compile cache's key. */
  bodyHash?: string;
  sourcePath: string;
  siteRelativePath: string;
  routePath: string;
  /** Key of the link context (source file → route) sent to the worker once. */
  linkContext: number;
  onBrokenMarkdownLinks: DocgenFileData['onBrokenMarkdownLinks'];
  trailingSlash?: boolean;
  /** `markdown.mermaid` of the site config. */
  mermaid: boolean;
  /** `markdown.codeReferences` of the site config. */
  codeReferences?: boolean;
  /** `markdown.admonitionKeywords` of the site config (absent when none). */
  admonitionKeywords?: string[];
  /** `markdown.format` of the site config, and the page's front matter `mdx.format`. */
  markdownFormat?: MarkdownFormat;
  frontMatterFormat?: MarkdownFormat;
  staticDirs: string[];
  base: string;
  search: boolean;
  /** Site whose config has markdown plugins (loaded where the job runs), and its config's hash. */
  pluginSite?: string;
  pluginsKey?: string;
  /** Reparse only what changed since the page's last compile in this thread (docgen dev). */
  incremental?: boolean;
  /** Other pages with the same body are compiled right after this one in this thread (compile-pool.ts). */
  sharedParse?: boolean;
}

export type JobData = Omit<DocgenFileData, 'resolveImage' | 'routeByFile' | 'customIds' | 'siteDir'>;

export type JobResult =
  | {
      ok: true;
      code: string;
      /** sha256 (hex) of `code`, and whether it imports nothing but the JSX runtime: later stages need no pass over the code for either. */
      codeHash: string;
      isStandalone: boolean;
      /** Present when the module needs no bundler: its two forms (content/standalone-forms.ts). */
      standalone?: StandaloneCode;
      data: JobData;
      search: SearchSection[] | null;
      /** The compile cache's key for the job (what the result is a function of), when it went through the cache. */
      inputKey?: string;
      /** `search` as JSON, as the compile cache keeps it (its own results only): read, not parsed. */
      searchJson?: () => string;
      images: [string, string][];
      partials: CompiledPartial[];
    }
  | { ok: false; location: SourceLocation | null; message: string };

const loaded = new Map<string, Promise<SitePlugins>>();

/** A file's search sections, its partials' uses marked, with the file each name imports. */
function sectionsOf(tree: Parameters<typeof extractSearchSections>[0], data: { partials: { name: string; path: string }[] }): PartialSections {
  const partials = new Map(data.partials.map((p) => [p.name, p.path]));
  return { sections: extractSearchSections(tree, new Set(partials.keys())), partials };
}

/** The site's markdown plugins, loaded once per site and config version in this thread. */
function sitePlugins(siteDir: string, key: string): Promise<SitePlugins> {
  const id = `${siteDir}\0${key}`;
  let plugins = loaded.get(id);
  if (!plugins) {
    plugins = import('../config/load-config.js').then(({ loadConfig }) => loadConfig(siteDir)).then((c) => c.markdown);
    loaded.set(id, plugins);
  }
  return plugins;
}

/** Compiles one page; a user mistake comes back as data, anything else is thrown. */
export async function runCompileJob(job: CompileJob, contexts: Map<number, Map<string, string>>): Promise<JobResult> {
  const images = new ImageRegistry(job.staticDirs, job.base);
  let search: SearchSection[] | null = null;
  // The page's sections and each partial's, spliced once all are compiled (a partial's text is the page's).
  let pageSections: PartialSections | null = null;
  const partialSections = new Map<string, PartialSections>();
  try {
    const input: CompileInput = {
      plugins: job.pluginSite ? await sitePlugins(job.pluginSite, job.pluginsKey ?? '') : undefined,
      body: job.body,
      markdownFormat: job.markdownFormat,
      frontMatterFormat: job.frontMatterFormat,
      sourcePath: job.sourcePath,
      siteRelativePath: job.siteRelativePath,
      routePath: job.routePath,
      routeByFile: contexts.get(job.linkContext) ?? new Map(),
      onBrokenMarkdownLinks: job.onBrokenMarkdownLinks,
      trailingSlash: job.trailingSlash,
      mermaid: job.mermaid,
      codeReferences: job.codeReferences,
      admonitionKeywords: job.admonitionKeywords,
      resolveImage: images.resolve,
      onHast: job.search ? (tree, d) => (pageSections = sectionsOf(tree, d)) : undefined,
      incremental: job.incremental,
      sharedParse: job.sharedParse,
    };
    const { code: compiled, forms, direct, data } = await compileMdx(input);
    const partials = await compilePartials(data, input, job.search ? (file, tree, d) => partialSections.set(file, sectionsOf(tree, d)) : undefined); // adds their headings to data.toc
    if (pageSections) search = spliceSearchPartials(pageSections, partialSections);
    const { resolveImage: _r, routeByFile: _m, customIds: _c, siteDir: _s, ...plain } = data;
    const code = withToc(compiled, data.toc);
    // The build decides with isStandalone on the code too: the forms go only where it will agree.
    // A program built directly imports only the JSX runtime, and no line of its code can start
    // another import or export-from: of isStandalone's scans only the one for `import(` can
    // match (in a text), and the multi-line ones were 3 % of a compile.
    const alone = direct && !partials.length ? !DYNAMIC_IMPORT.test(code) : isStandalone(code);
    const standalone = forms && !partials.length && alone ? appendExport(forms, 'toc', JSON.stringify(data.toc)) : undefined;
    const codeHash = createHash('sha256').update(code).digest('hex');
    return { ok: true, code, codeHash, isStandalone: alone, ...(standalone ? { standalone } : {}), data: plain, search, images: [...images.files], partials };
  } catch (error) {
    if (!(error instanceof DocgenError)) throw error;
    return { ok: false, location: 'location' in error ? (error as { location: SourceLocation }).location : null, message: error.message };
  }
}
