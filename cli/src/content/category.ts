import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import yaml from 'js-yaml';
import { z } from 'zod';
import { AggregateDocgenError, ContentError } from '../errors.js';
import { friendlyParse } from '../utils/friendly-parse.js';
import { jsonErrorPosition, yamlErrorPosition } from '../utils/parse-position.js';

const CategoryLinkSchema = z.union([
  z.object({
    type: z.literal('generated-index'),
    slug: z.string().optional(),
    title: z.string().optional(),
    description: z.string().optional(),
  }),
  z.object({ type: z.literal('doc'), id: z.string() }),
  z.null(),
]);

/** `_category_.json` / `_category_.yml`, as Docusaurus reads them. */
export const CategoryMetaSchema = z.object({
  label: z.string().optional(),
  position: z.number().optional(),
  // No defaults here: an absent value takes the docs options' sidebarCollapsed/sidebarCollapsible.
  collapsed: z.boolean().optional(),
  collapsible: z.boolean().optional(),
  className: z.string().optional(),
  /** The category item's `customProps` (what a swizzled sidebar item may read). */
  customProps: z.record(z.string(), z.unknown()).optional(),
  description: z.string().optional(),
  link: CategoryLinkSchema.optional(),
});

export type CategoryMeta = z.output<typeof CategoryMetaSchema>;

const FILES = ['_category_.json', '_category_.yml', '_category_.yaml'];

/** The name of the folder's category file, if it has one. */
export const findCategoryFile = (dir: string): string | undefined => FILES.find((f) => existsSync(path.join(dir, f)));

/** What a folder's category file is called in messages when it has none. */
export const DEFAULT_CATEGORY_FILE = FILES[0];

/**
 * Reads a folder's category file, if any (`name`: what findCategoryFile found, when the caller
 * looked already). Syntax errors name file:line:column.
 */
export function readCategoryMeta(dir: string, siteDir: string, name = findCategoryFile(dir)): CategoryMeta | null {
  if (!name) return null;
  const abs = path.join(dir, name);
  const file = path.relative(siteDir, abs);
  const text = readFileSync(abs, 'utf8');
  let data: unknown;
  try {
    data = name.endsWith('.json') ? JSON.parse(text) : yaml.load(text);
  } catch (error) {
    const { line, column } = name.endsWith('.json') ? jsonErrorPosition(error as Error, text) : yamlErrorPosition(error);
    throw new ContentError({ file, line, column }, `${name} is not valid ${name.endsWith('.json') ? 'JSON' : 'YAML'}: ${(error as Error).message.split('\n')[0]}`);
  }
  const result = friendlyParse(CategoryMetaSchema, data ?? {});
  if (!result.ok) {
    const errors = result.issues.map((i) => new ContentError({ file, line: 1, column: 1 }, `"${i.path}": ${i.message}`));
    throw errors.length === 1 ? errors[0] : new AggregateDocgenError(`${errors.length} problems in ${file}:`, errors);
  }
  return result.data;
}
