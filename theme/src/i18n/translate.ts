/**
 * The theme's interface strings. The engine resolves one catalog per locale at build time (the
 * theme's catalog for that locale plus the site's i18n/<locale>/code.json) and hands it over as
 * `site.messages`, so a page carries its own locale's strings and no catalog is in the bundle.
 */

import { fill } from '@docgen/core/messages';
import type { SiteData } from '../types';

/** Every key of the translation files; pt-BR.json is the reference every other catalog matches. */
export type MessageKey = keyof typeof import('./pt-BR.json');

interface Installed {
  messages: Readonly<Record<string, string>>;
  locale: string;
}

/**
 * The installed catalog. `docgen dev` bundles a page that imports theme components apart
 * from the theme (see hooks/sharedContext.ts), so dev keeps it on a global both copies read;
 * a build has one copy of this module and keeps it here.
 */
const installed: Installed = process.env.NODE_ENV === 'production'
  ? { messages: {}, locale: 'pt-BR' }
  : ((globalThis as { __docgenMessages?: Installed }).__docgenMessages ??= { messages: {}, locale: 'pt-BR' });

/** Installs the page's catalog (Root and the login shell call it on every render). */
export function setSiteMessages(site: Pick<SiteData, 'messages' | 'locale'>): void {
  installed.messages = site.messages;
  installed.locale = site.locale.locales[site.locale.current]?.htmlLang ?? site.locale.current;
}

/** The locale whose catalog is installed, for dates and numbers (htmlLang). */
export function messagesLocale(): string {
  return installed.locale;
}

/** Looks a string up and fills `{name}` placeholders; a missing key shows as itself. */
export function translate(key: MessageKey, values?: Record<string, string | number>): string {
  return fill(installed.messages[key] ?? key, values);
}

/** A key of any catalog the engine merged in (search strings). */
export function lookup(key: string, values?: Record<string, string | number>): string {
  return fill(installed.messages[key] ?? key, values);
}
