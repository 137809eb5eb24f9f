import type { TocItem } from '@docgen/core/types';

/** A link found in the source, with where it was written (for the link report). */
export interface SourceLink {
  url: string;
  line: number;
  column: number;
}

export interface SourceProblem {
  message: string;
  line: number;
  column: number;
  severity: 'error' | 'warning';
}

/** Per-file state shared by the plugins through vfile.data.docgen. */
export interface DocgenFileData {
  /** Absolute path of the source file. */
  sourcePath: string;
  /** The site folder (for `@site/` imports). */
  siteDir?: string;
  /** Route of the page being compiled (relative links resolve from it). */
  routePath: string;
  /** Source file → route, for relative .md/.mdx links. */
  routeByFile: Map<string, string>;
  onBrokenMarkdownLinks: 'throw' | 'warn' | 'ignore';
  /** The page's URL ends with '/' (the site's `trailingSlash: true`, or an index doc's): relative URL links resolve from `<routePath>/`. */
  trailingSlash?: boolean;
  /** `markdown.mermaid`: ```mermaid fences are diagrams. */
  mermaid?: boolean;
  /** `markdown.admonitionKeywords`: the site's own `:::keyword` admonitions. */
  admonitionKeywords?: string[];
  /** `markdown.codeReferences`: fences with `reference` in their meta show a file on GitHub. */
  codeReferences?: boolean;
  /** The site renders math with rehype-katex: pages with math need KaTeX's stylesheet. */
  katex?: boolean;
  /** Custom heading ids ({#id}) by source line. */
  customIds: Map<number, string>;
  /** A Docusaurus 2 .md file read as MDX: `{…}` in its text is text, as MDX 1 left it. */
  literalTextBraces?: boolean;
  /** A Docusaurus 2 site ('mdx1'): heading ids read bracketed text as MDX 1 did (content/mdx1-references.ts). */
  mdx1References?: boolean;
  /** Resolves an image URL written in the source to its public URL, or null when missing. */
  resolveImage: (url: string, sourcePath: string) => string | null;
  toc: TocItem[];
  links: SourceLink[];
  /** JSX component names used without an import, for the unknown-component check. */
  jsx: { name: string; line: number; column: number }[];
  problems: SourceProblem[];
  /** Text of a leading '# heading': the page's visible title (the theme adds no h1). */
  h1?: string;
  /** Markdown files the page imports as partials, with where the import is written. */
  partials: {
    /** The name the page imports it under (`<Name />` renders it). */
    name: string;
    specifier: string;
    path: string;
    line: number;
    column: number;
    /** Where it is rendered: the number of TOC headings before each use. */
    slots: number[];
  }[];
}

export function fileData(file: { data: Record<string, unknown> }): DocgenFileData {
  return file.data.docgen as DocgenFileData;
}
