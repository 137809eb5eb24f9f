import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { ContentError, fileProblems as problems } from '../errors.js';
import { jsonErrorPosition, jsonKeyPosition } from '../utils/parse-position.js';
import { DOCUSAURUS_IDS, LAST_UPDATED_IDS, NO_RESULTS_ID, lastUpdatedMessages } from './docusaurus-ids.js';

/**
 * The site's i18n/<locale>/code.json, in Docusaurus's format: `{ "<id>": { "message": "…",
 * "description": "…" } }`. Ids are Docusaurus's theme ids or the theme's own keys; the result is
 * the overrides for the theme's keys. Ids of anything else (the site's own components, other
 * plugins) are left alone, as Docusaurus's code.json holds them all.
 */
export function readCodeJson(file: string, siteDir: string, knownKeys: ReadonlySet<string>): Record<string, string> {
  if (!existsSync(file)) return {};
  return toThemeKeys(readMessagesJson(file, siteDir), knownKeys);
}

/**
 * A Docusaurus translation file (code.json, docusaurus-plugin-content-docs/current.json…):
 * `{ "<id>": { "message": "…", "description": "…" } }` as id → message; every mistake named
 * at file:line:column.
 */
export function readMessagesJson(file: string, siteDir: string): Map<string, string> {
  const rel = path.relative(siteDir, file);
  const name = path.basename(file);
  const text = readFileSync(file, 'utf8');
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch (error) {
    const { line, column } = jsonErrorPosition(error as Error, text);
    throw problems(rel, [new ContentError({ file: rel, line, column }, `${name} is not valid JSON: ${(error as Error).message.split('\n')[0]}`)]);
  }
  if (typeof data !== 'object' || data === null || Array.isArray(data)) {
    throw problems(rel, [new ContentError({ file: rel, line: 1, column: 1 }, `${name} must be an object of { "<id>": { "message": "…" } }`)]);
  }
  const messages = new Map<string, string>();
  const errors: ContentError[] = [];
  for (const [id, entry] of Object.entries(data)) {
    const message = (entry as { message?: unknown } | null)?.message;
    if (typeof entry !== 'object' || entry === null || typeof message !== 'string') {
      const { line, column } = jsonKeyPosition(text, id);
      errors.push(new ContentError({ file: rel, line, column }, `"${id}": expected { "message": "<text>" }, received ${JSON.stringify(entry)?.slice(0, 60)}`));
      continue;
    }
    messages.set(id, message);
  }
  if (errors.length) throw problems(rel, errors);
  return messages;
}

/** Docusaurus ids → theme keys; the theme's own keys are taken as they are, and win. */
function toThemeKeys(messages: Map<string, string>, knownKeys: ReadonlySet<string>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [id, target] of Object.entries(DOCUSAURUS_IDS)) {
    const message = messages.get(id);
    if (message === undefined) continue;
    if (typeof target === 'string') out[target] = message;
    else {
      // Docusaurus orders plural forms by the locale's plural categories: one first, other last.
      const forms = message.split('|');
      out[target.plural[0]] = forms[0];
      out[target.plural[1]] = forms[forms.length - 1];
    }
  }
  const parts = Object.fromEntries(Object.entries(LAST_UPDATED_IDS).flatMap(([part, id]) => (messages.has(id) ? [[part, messages.get(id)!]] : [])));
  if (Object.keys(parts).length) Object.assign(out, lastUpdatedMessages(parts));
  const noResults = messages.get(NO_RESULTS_ID);
  if (noResults !== undefined) out['search.noResults'] = `${noResults} “{query}”`;
  for (const [id, message] of messages) if (knownKeys.has(id)) out[id] = message;
  return out;
}
