import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { ContentError } from '../errors.js';
import { compileMdx, type CompileInput } from './compile-mdx.js';
import { frontMatterFormat } from './format.js';
import type { TocItem } from '@docgen/core/types';
import type { DocgenFileData } from './plugins/types.js';

/** A Markdown file imported by a page, compiled to an ES module (served by the bundler). */
export interface CompiledPartial {
  path: string;
  code: string;
}

/**
 * Compiles the partials a page imports (and theirs), each with the page's plugins, links and
 * images resolved from the partial's own folder, as Docusaurus does. Problems they find are
 * the page's, reported at the page's import of the partial with the partial's own file:line
 * in the message; a missing file is an error at its import. `onHast` sees each partial's
 * final tree (the search index reads it), as CompileInput's does the page's.
 */
export async function compilePartials(page: DocgenFileData, input: CompileInput, onHast?: (file: string, ...args: Parameters<NonNullable<CompileInput['onHast']>>) => void): Promise<CompiledPartial[]> {
  const siteRoot = input.sourcePath.slice(0, input.sourcePath.length - input.siteRelativePath.length);
  const out: { path: string; code: string; data: DocgenFileData }[] = [];
  const seen = new Set<string>([input.sourcePath]);
  // `at`: where the page imports the partial (or the partial that imports this one).
  const queue = page.partials.map((p) => ({ ...p, from: page, at: { line: p.line, column: p.column } }));
  while (queue.length > 0) {
    const { path: file, specifier, from, at } = queue.shift()!;
    if (seen.has(file)) continue;
    seen.add(file);
    if (!existsSync(file)) {
      const where = from === page ? '' : ` (imported by partial ${path.relative(siteRoot, from.sourcePath)})`;
      page.problems.push({ message: `Partial "${specifier}" not found (${path.relative(siteRoot, file)})${where}. Import an existing .md/.mdx file, relative to the file that imports it.`, ...at, severity: 'error' });
      continue;
    }
    const siteRelativePath = path.relative(siteRoot, file).split(path.sep).join('/');
    // Loaded here: the front matter parser (gray-matter, zod) is a quarter of the toolchain
    // bundle, and most pages import no partial.
    const { parseFrontMatter } = await import('./front-matter.js');
    const { body, frontMatter } = parseFrontMatter(readFileSync(file, 'utf8'), siteRelativePath);
    // Read in its own format (its extension, its front matter), as Docusaurus compiles each file.
    const compiled = await compileMdx({ ...input, body, sourcePath: file, siteRelativePath, frontMatterFormat: frontMatterFormat(frontMatter), onHast: onHast && ((tree, data) => onHast(file, tree, data)) });
    for (const p of compiled.data.problems) {
      page.problems.push({ ...p, ...at, message: `In partial ${siteRelativePath}:${p.line}:${p.column}: ${p.message}` });
    }
    out.push({ path: file, code: partialModule(compiled.code, siteRelativePath), data: compiled.data });
    queue.push(...compiled.data.partials.map((p) => ({ ...p, from: compiled.data, at })));
  }
  // Each file's TOC with its partials' headings where they are rendered (Docusaurus's rule).
  const byPath = new Map(out.map((p) => [p.path, p.data]));
  const merged = new Map<DocgenFileData, TocItem[]>();
  const tocOf = (data: DocgenFileData, stack: Set<DocgenFileData>): TocItem[] => {
    const known = merged.get(data);
    if (known) return known;
    const uses = data.partials.flatMap((p) => {
      const partial = byPath.get(p.path);
      return partial && !stack.has(partial) ? p.slots.map((slot) => ({ slot, partial })) : [];
    });
    const toc = [...data.toc];
    for (const { slot, partial } of uses.sort((a, b) => b.slot - a.slot)) toc.splice(slot, 0, ...tocOf(partial, new Set([...stack, data])));
    merged.set(data, toc);
    return toc;
  };
  page.toc = tocOf(page, new Set([page]));
  return out.map((p) => ({ path: p.path, code: withToc(p.code, tocOf(p.data, new Set([p.data]))) }));
}

/** The `toc` export of a compiled page or partial (for `<TOCInline toc={toc} />`). */
export function withToc(code: string, toc: TocItem[]): string {
  return `${code}\nexport const toc = ${JSON.stringify(toc)};\n`;
}

/**
 * A partial renders with the theme's MDX components (and the site's global ones) without
 * being handed them, as under Docusaurus's MDX provider: its component is wrapped to default
 * `components` to the map.
 */
function partialModule(code: string, file: string): string {
  const head = 'export default function MDXContent(';
  if (!code.includes(head)) throw new ContentError({ file }, 'docgen: compiled partial has no MDXContent function');
  return (
    `import __docgenMdxComponents from '@theme/MDXComponents';\n${code.replace(head, 'function MDXContent(')}\n` +
    'export default function MDXPartial(props = {}) {\n  return MDXContent({ ...props, components: { ...__docgenMdxComponents, ...props.components } });\n}\n'
  );
}
