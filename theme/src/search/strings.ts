import { translate, type MessageKey } from '../i18n/translate';

/** The search box's strings live in the theme's one translation file (i18n/pt-BR.json). */
export type SearchStringKey = Extract<MessageKey, `search.${string}`>;

/** Looks a search string up and fills `{name}` placeholders. */
export function t(key: SearchStringKey, values?: Record<string, string | number>): string {
  return translate(key, values);
}
