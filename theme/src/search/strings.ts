import { lookup } from '../i18n/translate';

/**
 * The search box's strings. They live in a catalog of their own (search/<locale>.json), which
 * the engine merges into `site.messages` beside the layout's strings.
 */
export type SearchStringKey = keyof typeof import('./pt-BR.json');

/** Looks a search string up and fills `{name}` placeholders. */
export function t(key: SearchStringKey, values?: Record<string, string | number>): string {
  return lookup(key, values);
}
