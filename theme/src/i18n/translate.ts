/**
 * The theme's interface strings. The engine resolves one catalog per locale at build time (the
 * theme's catalog for that locale plus the site's i18n/<locale>/code.json) and hands it over as
 * `site.messages`, so a page carries its own locale's strings and no catalog is in the bundle.
 */

import { fill } from '@docgen/core/messages';
import type { SiteData } from '../types';

/** Every key of the translation files; pt-BR.json is the reference every other catalog matches. */
export type MessageKey = keyof typeof import('./pt-BR.json');

let current: Readonly<Record<string, string>> = {};
let currentLocale = 'pt-BR';

/** Installs the page's catalog (Root and the login shell call it on every render). */
export function setSiteMessages(site: Pick<SiteData, 'messages' | 'locale'>): void {
  current = site.messages;
  currentLocale = site.locale.locales[site.locale.current]?.htmlLang ?? site.locale.current;
}

/** The locale whose catalog is installed, for dates and numbers (htmlLang). */
export function messagesLocale(): string {
  return currentLocale;
}

/** Looks a string up and fills `{name}` placeholders; a missing key shows as itself. */
export function translate(key: MessageKey, values?: Record<string, string | number>): string {
  return fill(current[key] ?? key, values);
}

/** A key of any catalog the engine merged in (search strings). */
export function lookup(key: string, values?: Record<string, string | number>): string {
  return fill(current[key] ?? key, values);
}
