import path from 'node:path';

/**
 * How a Markdown file is read (Docusaurus's `markdown.format`): 'mdx' reads every file as
 * MDX (JSX, `{expressions}`, imports), 'md' as CommonMark (raw HTML allowed, `<` and `{` are
 * text), 'detect' picks by extension. 'mdx1' (docgen's, for Docusaurus 2 sites) is 'detect'
 * except that a .md file written as MDX (imports, exports or a JSX component) is MDX.
 */
export type MarkdownFormat = 'mdx' | 'md' | 'detect' | 'mdx1';

/** The extensions MDX reads as Markdown under 'detect' (mdxjs.com `mdExtensions`, as Docusaurus). */
const MD_EXTENSIONS = new Set(['.md', '.markdown', '.mdown', '.mkdn', '.mkd', '.mdwn', '.mkdown', '.ron']);

/**
 * The format one file is compiled with, by Docusaurus's rule: front matter `mdx.format` wins
 * over the config's `markdown.format`; 'detect' (in either) means the file's extension.
 */
export function resolveFormat(filePath: string, configFormat: MarkdownFormat = 'mdx', frontMatterFormat?: MarkdownFormat, body = ''): 'md' | 'mdx' {
  const format = frontMatterFormat ?? configFormat;
  if (format === 'md' || format === 'mdx') return format;
  if (!MD_EXTENSIONS.has(path.extname(filePath))) return 'mdx';
  return format === 'mdx1' && writtenAsMdx(body) ? 'mdx' : 'md';
}

/**
 * Docusaurus 2 read every .md with MDX 1, and its sites use that: `import Tabs from
 * '@theme/Tabs'` and `<Tabs>` in .md files. A file with an import or export statement or a
 * capitalized JSX tag outside code is read as MDX; the others (HTML comments, autolinks, `{`
 * in text, which MDX 3 rejects) as CommonMark.
 */
function writtenAsMdx(body: string): boolean {
  // Fenced code out (a backtick fence's info has no backtick: "```a``` text" is inline code), then code spans.
  const prose = body.replace(/^ {0,3}(`{3,}(?=[^`\n]*$)|~{3,})[^\n]*\n[\s\S]*?^ {0,3}\1[^\n]*$/gm, '').replace(/(`+)[^`\n][^\n]*?\1/g, '');
  return /^(?:import|export)\s/m.test(prose) || /<[A-Z][\w.]*[\s/>]/.test(prose);
}

/** Front matter `mdx: { format }` (Docusaurus 3's per-file override), when it has one. */
export function frontMatterFormat(frontMatter: { mdx?: { format?: Exclude<MarkdownFormat, 'mdx1'> } }): MarkdownFormat | undefined {
  return frontMatter.mdx?.format;
}
