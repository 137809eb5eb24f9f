import { fill } from '../i18n/translate';
import ptBR from './pt-BR.json';

/**
 * The search box's strings, in a catalog of their own: only the search box (which the theme
 * may leave out) and its lazily loaded dialog pay for them, not every page's layout.
 */
export type SearchStringKey = keyof typeof ptBR;

/** Looks a search string up and fills `{name}` placeholders. */
export function t(key: SearchStringKey, values?: Record<string, string | number>): string {
  return fill(ptBR[key] ?? key, values);
}
