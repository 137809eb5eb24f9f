import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import yaml from 'js-yaml';
import { ContentError, fileProblems } from '../errors.js';
import { yamlErrorPosition, yamlKeyPosition } from '../utils/parse-position.js';

/** A tag as tags.yml defines it, permalink relative to the version's tags page. */
export interface TagDefinition {
  label: string;
  permalink: string;
  description?: string;
}

/** Docusaurus's slug for a tag: words lower-cased and joined with '-' (letters with accents kept). */
export function kebabCase(text: string): string {
  return text
    .normalize('NFC')
    .replace(/([\p{Ll}\p{N}])(\p{Lu})/gu, '$1 $2')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, '-')
    .replace(/^-+|-+$/g, '');
}

const capitalize = (s: string) => s.charAt(0).toUpperCase() + s.slice(1).toLowerCase();

/**
 * The docs folder's tags.yml (`key: { label, permalink, description }`, every field optional,
 * as in Docusaurus): key → definition, or null when there is no such file. Mistakes name the
 * file, line and column.
 */
export function readTagsFile(file: string, siteDir: string): Map<string, TagDefinition> | null {
  if (!existsSync(file)) return null;
  const rel = path.relative(siteDir, file);
  const text = readFileSync(file, 'utf8');
  const fail = (errors: ContentError[]) => fileProblems(rel, errors);
  let data: unknown;
  try {
    data = yaml.load(text);
  } catch (error) {
    const { line, column } = yamlErrorPosition(error);
    throw fail([new ContentError({ file: rel, line, column }, `tags.yml is not valid YAML: ${(error as { reason?: string }).reason ?? (error as Error).message.split('\n')[0]}`)]);
  }
  if (typeof data !== 'object' || data === null || Array.isArray(data)) {
    throw fail([new ContentError({ file: rel, line: 1, column: 1 }, 'tags.yml must map each tag key to { label, permalink, description } (each optional)')]);
  }
  const tags = new Map<string, TagDefinition>();
  const errors: ContentError[] = [];
  const byPermalink = new Map<string, string>();
  for (const [key, value] of Object.entries(data)) {
    const at = yamlKeyPosition(text, key);
    const problem = (message: string) => errors.push(new ContentError({ file: rel, ...at }, `tag "${key}": ${message}`));
    if (value !== null && (typeof value !== 'object' || Array.isArray(value))) {
      problem(`expected { label, permalink, description } or nothing, received ${JSON.stringify(value)}`);
      continue;
    }
    const fields = (value ?? {}) as Record<string, unknown>;
    const unknown = Object.keys(fields).filter((k) => !['label', 'permalink', 'description'].includes(k));
    const wrong = ['label', 'permalink', 'description'].filter((k) => fields[k] !== undefined && typeof fields[k] !== 'string');
    if (unknown.length) problem(`unknown field${unknown.length > 1 ? 's' : ''} ${unknown.join(', ')}; expected label, permalink, description`);
    if (wrong.length) problem(`${wrong.join(', ')} must be text`);
    if (unknown.length || wrong.length) continue;
    const permalink = `/${String(fields.permalink ?? kebabCase(key)).replace(/^\/+/, '')}`;
    const other = byPermalink.get(permalink);
    if (other !== undefined) problem(`permalink ${permalink} is also the permalink of tag "${other}"`);
    byPermalink.set(permalink, key);
    tags.set(key, {
      label: (fields.label as string | undefined) ?? capitalize(key),
      permalink,
      ...(fields.description !== undefined ? { description: fields.description as string } : {}),
    });
  }
  if (errors.length) throw fail(errors);
  return tags;
}
