import { createRequire } from 'node:module';
import type matterType from 'gray-matter';
import { z } from 'zod';
import { AggregateDocgenError, ContentError } from '../errors.js';
import { friendlyParse } from '../utils/friendly-parse.js';

/** Docusaurus-compatible doc front matter; unknown keys are kept and ignored. */
export const FrontMatterSchema = z.looseObject({
  id: z.string().regex(/^[^/]+$/, 'Expected an id without "/"').optional(),
  title: z.string().optional(),
  sidebar_label: z.string().optional(),
  sidebar_position: z.number().optional(),
  sidebar_class_name: z.string().optional(),
  /** Docusaurus's `customProps` of the doc's sidebar item (what a swizzled sidebar item may read). */
  sidebar_custom_props: z.record(z.string(), z.unknown()).optional(),
  slug: z.string().optional(),
  description: z.string().optional(),
  hide_table_of_contents: z.boolean().optional(),
  toc_min_heading_level: z.number().int().min(2).max(6).optional(),
  toc_max_heading_level: z.number().int().min(2).max(6).optional(),
  draft: z.boolean().optional(),
  unlisted: z.boolean().optional(),
  /** A key of the docs folder's tags.yml, an inline label, or an inline { label, permalink }. */
  tags: z.array(z.union([z.string(), z.object({ label: z.string(), permalink: z.string(), description: z.string().optional() })])).optional(),
  pagination_prev: z.string().nullable().optional(),
  pagination_next: z.string().nullable().optional(),
  /** The sidebar shown with this doc (a sidebars file's id), or null for none. */
  displayed_sidebar: z.string().nullable().optional(),
  /** YAML turns unquoted dates into Date objects; both forms are accepted. */
  last_reviewed: z.union([z.string(), z.date()]).optional(),
  /** Docusaurus 3's per-file `mdx: { format: md }`: how this file is read (content/format.ts). */
  mdx: z.looseObject({ format: z.enum(['mdx', 'md', 'detect']).optional() }).optional(),
});

export type FrontMatter = z.output<typeof FrontMatterSchema>;

// Loaded when first needed: a `docgen dev` start whose docs are all in its cache parses no
// front matter, and gray-matter with its YAML parser was a tenth of that start's module loading.
const load = createRequire(import.meta.url);
let matter: typeof matterType | undefined;

/** gray-matter, loaded the first time a front matter is parsed. */
function frontMatterParser(): typeof matterType {
  return (matter ??= load('gray-matter') as typeof matterType);
}

export interface ParsedSource {
  frontMatter: FrontMatter;
  /** The file with its front matter blanked out, so line numbers stay true. */
  body: string;
  /** How many blank lines stand for the front matter in `body` (0: the body is the source). */
  bodyLines: number;
}

/** Splits front matter from the body; YAML and schema problems name file:line:column. */
export function parseFrontMatter(source: string, file: string): ParsedSource {
  let parsed: matterType.GrayMatterFile<string>;
  try {
    // A fresh options object bypasses gray-matter's cache (it caches by content and mutates).
    parsed = frontMatterParser()(source, {});
  } catch (error) {
    const mark = (error as { mark?: { line: number; column: number } }).mark;
    const reason = (error as { reason?: string }).reason ?? (error as Error).message;
    throw new ContentError(
      { file, line: mark ? mark.line + 2 : 1, column: mark ? mark.column + 1 : 1 },
      `Invalid YAML front matter: ${reason}. Fix the YAML between the two "---" lines.`,
    );
  }
  const result = friendlyParse(FrontMatterSchema, parsed.data);
  if (!result.ok) {
    const errors = result.issues.map((i) => new ContentError({ file, line: lineOfKey(source, i.path), column: 1 }, `Front matter "${i.path}": ${i.message}`));
    throw errors.length === 1 ? errors[0] : new AggregateDocgenError(`${errors.length} problems in the front matter of ${file}:`, errors);
  }
  // The body is what follows the front matter: the source's suffix (not the first place its
  // text occurs, which an empty body or one repeating a front matter line would get wrong).
  const fmLines = parsed.matter !== undefined && parsed.content.length < source.length ? source.slice(0, source.length - parsed.content.length).split('\n').length - 1 : 0;
  const body = fmLines > 0 ? '\n'.repeat(fmLines) + parsed.content : source;
  return { frontMatter: result.data, body, bodyLines: fmLines };
}

function lineOfKey(source: string, key: string): number {
  const lines = source.split('\n');
  const i = lines.findIndex((l) => l.startsWith(`${key.split('.')[0]}:`));
  return i >= 0 ? i + 1 : 1;
}
