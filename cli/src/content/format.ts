import path from 'node:path';

/**
 * How a Markdown file is read (Docusaurus's `markdown.format`): 'mdx' reads every file as
 * MDX (JSX, `{expressions}`, imports), 'md' as CommonMark (raw HTML allowed, `<` and `{` are
 * text), 'detect' picks by extension.
 */
export type MarkdownFormat = 'mdx' | 'md' | 'detect';

/** The extensions MDX reads as Markdown under 'detect' (mdxjs.com `mdExtensions`, as Docusaurus). */
const MD_EXTENSIONS = new Set(['.md', '.markdown', '.mdown', '.mkdn', '.mkd', '.mdwn', '.mkdown', '.ron']);

/**
 * The format one file is compiled with, by Docusaurus's rule: front matter `mdx.format` wins
 * over the config's `markdown.format`; 'detect' (in either) means the file's extension.
 */
export function resolveFormat(filePath: string, configFormat: MarkdownFormat = 'mdx', frontMatterFormat?: MarkdownFormat): 'md' | 'mdx' {
  const format = frontMatterFormat ?? configFormat;
  if (format !== 'detect') return format;
  return MD_EXTENSIONS.has(path.extname(filePath)) ? 'md' : 'mdx';
}

/** Front matter `mdx: { format }` (Docusaurus 3's per-file override), when it has one. */
export function frontMatterFormat(frontMatter: { mdx?: { format?: MarkdownFormat } }): MarkdownFormat | undefined {
  return frontMatter.mdx?.format;
}
