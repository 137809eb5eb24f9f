import { createProcessor } from '@mdx-js/mdx';
import rehypeHighlight from 'rehype-highlight';
import remarkDirective from 'remark-directive';
import remarkGfm from 'remark-gfm';
import type { Root as HastRoot } from 'hast';
import type { PluggableList } from 'unified';
import { VFile } from 'vfile';
import { ContentError } from '../errors.js';
import { resolveFormat, type MarkdownFormat } from './format.js';
import { remarkHeadElement } from './head-element.js';
import { remarkAdmonitions } from './plugins/admonitions.js';
import { rehypeCodeLines, remarkCodeLines } from './plugins/code-lines.js';
import { rehypeCodeTitles } from './plugins/code-titles.js';
import { rehypeHeadingLinks } from './plugins/heading-links.js';
import { remarkHeadingIds } from './plugins/heading-ids.js';
import { remarkJsxNames } from './plugins/jsx-names.js';
import { remarkLinks } from './plugins/links.js';
import { remarkKatexStyles } from './plugins/katex-styles.js';
import { remarkCodeReferences, remarkMermaid } from './plugins/mermaid.js';
import { remarkNpm2Yarn } from './plugins/npm2yarn.js';
import { remarkPartials } from './plugins/partials.js';
import { preprocessMarkdown } from './plugins/preprocess.js';
import { dedentJsxBlocks, remarkMdx1Text } from './plugins/mdx1-text.js';
import { parseIncrementally } from './incremental-parse.js';
import { parseShared } from './shared-parse.js';
import { remarkFastParse } from './fast-parse/plugin.js';
import { appendStatement, recmaStandaloneForms, type StandaloneCode } from './standalone-forms.js';
import { captureDocument, directOutput, rehypeDirectProgram } from './direct-stage.js';
import { fileData, type DocgenFileData } from './plugins/types.js';

/** Remark and rehype plugins a site adds (site.config.ts `markdown`). */
export interface SitePlugins {
  remarkPlugins: PluggableEntry[];
  rehypePlugins: PluggableEntry[];
}
type PluggableEntry = ((...args: never[]) => unknown) | [(...args: never[]) => unknown, unknown];

export interface CompileInput {
  plugins?: SitePlugins;
  /** Markdown/MDX body, front matter blanked out (line numbers preserved). */
  body: string;
  /** The body as written, when `body` is its retry with MDX 1's looser JSX blocks ('mdx1'). */
  mdx1Written?: string;
  /** The site's `markdown.format` (default 'mdx'). */
  markdownFormat?: MarkdownFormat;
  /** This file's front matter `mdx.format`, which wins over the site's. */
  frontMatterFormat?: MarkdownFormat;
  sourcePath: string;
  siteRelativePath: string;
  routePath: string;
  routeByFile: Map<string, string>;
  onBrokenMarkdownLinks: DocgenFileData['onBrokenMarkdownLinks'];
  trailingSlash?: boolean;
  mermaid?: boolean;
  admonitionKeywords?: string[];
  codeReferences?: boolean;
  /** Pages with math import KaTeX's stylesheet (default: when the site's rehype plugins include rehypeKatex). */
  katex?: boolean;
  resolveImage: DocgenFileData['resolveImage'];
  /** Receives the final hast of the page (search extraction). */
  onHast?: (tree: HastRoot, data: DocgenFileData) => void;
  /** Reparse only what changed since this page's last compile (docgen dev: incremental-parse.ts). */
  incremental?: boolean;
  /** Other pages of this thread have the same body: their parse is shared (shared-parse.ts). */
  sharedParse?: boolean;
}

export interface CompiledDoc {
  /** ES module: `export default function MDXContent(props)`. */
  code: string;
  /** The module printed as CommonJS and as a compact browser module, when it imports nothing but the JSX runtime. */
  forms: StandaloneCode | null;
  /** Built by direct-program.ts with no import or export of the page's own: it imports nothing but the JSX runtime. */
  direct: boolean;
  data: DocgenFileData;
}

type Processor = ReturnType<typeof createProcessor>;
const NO_PLUGINS: SitePlugins = { remarkPlugins: [], rehypePlugins: [] };
const processors = { md: new WeakMap<SitePlugins, Processor>(), mdx: new WeakMap<SitePlugins, Processor>() };
/** Node types the plugins may put in a CommonMark tree (admonitions, tabs…): rehype-raw keeps them. */
const MDX_NODE_TYPES = ['mdxFlowExpression', 'mdxJsxFlowElement', 'mdxJsxTextElement', 'mdxTextExpression', 'mdxjsEsm'];

/**
 * One processor for every file (per format and set of site plugins): building it is the costly
 * part. rehype-raw (an HTML parser, an eighth of the toolchain) is loaded only for CommonMark.
 */
async function getProcessor(format: 'md' | 'mdx', plugins: SitePlugins = NO_PLUGINS): Promise<Processor> {
  let processor = processors[format].get(plugins);
  if (processor) return processor;
  const rehypeRaw = format === 'md' ? (await import('rehype-raw')).default : undefined;
  await captureDocument();
  // Another page may have built it while the import was awaited.
  processor = processors[format].get(plugins);
  if (processor) return processor;
  processor = createProcessor({
    format,
    outputFormat: 'program',
    jsxImportSource: 'react',
    development: false,
    // Site plugins run after docgen's own (as Docusaurus's after its defaults), rehype ones
    // before the search index reads the page.
    remarkPlugins: [remarkMdx1Text, remarkHeadElement, remarkGfm, remarkDirective, remarkFastParse, remarkAdmonitions, remarkMermaid, remarkCodeReferences, remarkNpm2Yarn, remarkCodeLines, remarkHeadingIds, remarkLinks, remarkJsxNames, remarkPartials, remarkKatexStyles, ...(plugins.remarkPlugins as PluggableList)],
    rehypePlugins: [
      // CommonMark's raw HTML becomes elements, as Docusaurus does for format 'md'.
      ...(format === 'md' ? ([[rehypeRaw, { passThrough: MDX_NODE_TYPES }]] as PluggableList) : []),
      [rehypeHighlight, { detect: false, plainText: ['txt', 'text', 'plain'] }],
      rehypeCodeLines,
      rehypeCodeTitles,
      rehypeHeadingLinks,
      ...(plugins.rehypePlugins as PluggableList),
      () => (tree: HastRoot, file: VFile) => {
        (file.data.onHast as CompileInput['onHast'])?.(tree, fileData(file));
      },
      // Last: a plain page's program is built here, and MDX's own steps get nothing to do.
      rehypeDirectProgram,
    ],
    recmaPlugins: [recmaStandaloneForms],
  });
  processors[format].set(plugins, processor);
  return processor;
}

/**
 * Compiles one page. Syntax errors become a ContentError at file:line:column; problems the
 * plugins found (missing image, broken .md link) are returned in data.problems.
 */
export async function compileMdx(input: CompileInput): Promise<CompiledDoc> {
  const format = resolveFormat(input.sourcePath, input.markdownFormat, input.frontMatterFormat, input.body);
  const { body, customIds } = preprocessMarkdown(input.body, format);
  const data: DocgenFileData = {
    sourcePath: input.sourcePath,
    // siteRelativePath is the tail of sourcePath: what is left is the site folder.
    siteDir: input.sourcePath.endsWith(input.siteRelativePath) ? input.sourcePath.slice(0, input.sourcePath.length - input.siteRelativePath.length) : undefined,
    routePath: input.routePath,
    routeByFile: input.routeByFile,
    onBrokenMarkdownLinks: input.onBrokenMarkdownLinks,
    trailingSlash: input.trailingSlash,
    mermaid: input.mermaid,
    admonitionKeywords: input.admonitionKeywords,
    codeReferences: input.codeReferences,
    katex: input.katex ?? usesKatex(input.plugins),
    customIds,
    literalTextBraces: format === 'mdx' && input.markdownFormat === 'mdx1' && !input.frontMatterFormat && resolveFormat(input.sourcePath, 'detect') === 'md',
    mdx1References: input.markdownFormat === 'mdx1',
    resolveImage: input.resolveImage,
    toc: [],
    links: [],
    jsx: [],
    problems: [],
    partials: [],
  };
  const file = new VFile({ value: body, path: input.sourcePath, data: { docgen: data, onHast: input.onHast } });
  try {
    const processor = await getProcessor(format, input.plugins);
    const parse = (f: VFile) => processor.parse(f);
    const out = input.incremental ? await processParsed(processor, file, parseIncrementally(processor, parse, file, `${format}\0${input.sourcePath}`))
      : input.sharedParse ? await processParsed(processor, file, parseShared(processor, parse, file))
      : await processor.process(file);
    const direct = directOutput(out);
    const forms = direct ? direct.forms : (out.data as { standaloneForms?: StandaloneCode | null }).standaloneForms ?? null;
    return { code: withPageExports(direct ? direct.code : String(out.value), data), forms: forms && data.h1 !== undefined ? appendStatement(forms, contentTitle(data.h1)) : forms, direct: direct !== undefined && !direct.esm, data };
  } catch (error) {
    // Only the parser's own messages are the writer's mistake; anything else is a docgen bug,
    // unless the site added plugins: then it is most likely theirs, named with the page.
    // (duck-typed: the mdx toolchain may carry its own copy of vfile-message)
    if (!(error instanceof Error) || !('reason' in error) || !('place' in error)) {
      if (!input.plugins || !(error instanceof Error)) throw error;
      const names = [...input.plugins.remarkPlugins, ...input.plugins.rehypePlugins].map((p) => (Array.isArray(p) ? p[0] : p).name || '(anonymous)').join(', ');
      throw new ContentError({ file: input.siteRelativePath }, `A markdown plugin from site.config.ts (${names}) failed on this page: ${error.message}`, { cause: error });
    }
    // A Docusaurus 2 .md file written as MDX 1 that MDX 3 cannot parse: CommonMark, as before
    // 'mdx1' read it as MDX (its components then show as text, but the page builds).
    if (data.literalTextBraces) {
      // Once more with MDX 1's looser JSX blocks, then as CommonMark (with the body as written).
      const loose = input.mdx1Written === undefined ? dedentJsxBlocks(input.body) : input.body;
      if (loose !== input.body) return compileMdx({ ...input, body: loose, mdx1Written: input.body });
      return compileMdx({ ...input, body: input.mdx1Written ?? input.body, markdownFormat: 'detect' });
    }
    const e = error as { line?: number; column?: number; reason?: string; message: string; place?: { line?: number; column?: number; start?: { line: number; column: number } } };
    const place = e.place && 'start' in e.place ? e.place.start : e.place;
    // Some messages (an unclosed JSX tag) carry their position only in the text: "(9:1-9:6)".
    const reason = e.reason ?? e.message;
    const inText = /\s*\((\d+):(\d+)(?:-\d+:\d+)?\)$/.exec(reason);
    const location = { file: input.siteRelativePath, line: e.line ?? place?.line ?? (inText ? Number(inText[1]) : 1), column: e.column ?? place?.column ?? (inText ? Number(inText[2]) : 1) };
    const text = inText ? reason.slice(0, inText.index) : reason;
    throw new ContentError(location, format === 'md' ? `Markdown error: ${text}.` : `MDX syntax error: ${text}. ${mdxHint(input)}`, { cause: error });
  }
}

/** processor.process on a tree parsed already (incrementally, or shared with another page). */
async function processParsed(processor: Processor, file: VFile, tree: unknown): Promise<VFile> {
  const ran = await processor.run(tree as never, file);
  file.value = processor.stringify(ran, file) as string;
  return file;
}

/** What to do about an MDX syntax error; a .md file may be read as CommonMark instead. */
function mdxHint(input: CompileInput): string {
  const escape = 'In MDX, a literal "{" or "<" in text must be escaped ("\\{", "&lt;") or put in `code`.';
  if (resolveFormat(input.sourcePath, 'detect') !== 'md') return escape;
  return `${escape} Or read .md files as plain Markdown: set markdown.format to 'detect' in the site config, or add "mdx: { format: md }" to this file's front matter.`;
}

/** rehype-katex among the site's plugins (its default export is named rehypeKatex). */
function usesKatex(plugins: SitePlugins | undefined): boolean {
  return (plugins?.rehypePlugins ?? []).some((p) => (Array.isArray(p) ? p[0] : p).name === 'rehypeKatex');
}

const contentTitle = (h1: string) => `MDXContent.contentTitle = ${JSON.stringify(h1)};`;

/**
 * The body's own '# title' on the component (the theme then adds no h1). The module's `toc`
 * export is added once partials are compiled (content/partials.ts, withToc): their headings
 * are part of it.
 */
function withPageExports(code: string, data: DocgenFileData): string {
  let out = code;
  if (data.h1 !== undefined) {
    if (!/\bfunction MDXContent\(/.test(code)) throw new Error('docgen: compiled MDX has no MDXContent function');
    out += `${contentTitle(data.h1)}\n`;
  }
  return out;
}
