import ptBR from './pt-BR.json';

/** Every key of the translation file; another locale is one more JSON file with the same keys. */
export type MessageKey = keyof typeof ptBR;

const catalogs: Record<string, Record<MessageKey, string>> = { 'pt-BR': ptBR };
let current: Record<MessageKey, string> = ptBR;

/** Picks the catalog for the site's locale; unknown locales keep pt-BR (the product's only locale). */
export function setLocale(locale: string): void {
  current = catalogs[locale] ?? ptBR;
}

/** Looks a string up and fills `{name}` placeholders. */
export function translate(key: MessageKey, values?: Record<string, string | number>): string {
  return fill(current[key] ?? ptBR[key] ?? key, values);
}

/** Fills `{name}` placeholders (every catalog of the theme uses this form). */
export function fill(message: string, values?: Record<string, string | number>): string {
  if (!values) return message;
  return message.replace(/\{(\w+)\}/g, (whole, name: string) => (name in values ? String(values[name]) : whole));
}
