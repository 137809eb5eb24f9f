import { createRequire } from 'node:module';
import path from 'node:path';
import { readCodeJson } from './code-json.js';

const require = createRequire(import.meta.url);

/** Locales the theme ships catalogs for (theme/src/i18n/<locale>.json and search/<locale>.json). */
export const THEME_LOCALES = ['pt-BR', 'en', 'es'] as const;

/**
 * The theme catalog a site locale uses: the same locale, else one of its language ('pt' and
 * 'pt-PT' → pt-BR, 'en-US' → en), else English, Docusaurus's own default language.
 */
export function catalogLocale(locale: string): (typeof THEME_LOCALES)[number] {
  const lower = locale.toLowerCase();
  const language = lower.split('-')[0];
  return THEME_LOCALES.find((l) => l.toLowerCase() === lower) ?? THEME_LOCALES.find((l) => l.toLowerCase().split('-')[0] === language) ?? 'en';
}

/** The theme's own strings for a locale, without the site's code.json. */
export function themeCatalog(locale: string): Record<string, string> {
  const l = catalogLocale(locale);
  // Read at run time from the theme package: the CLI bundle leaves @docgen/theme external.
  return { ...(require(`@docgen/theme/i18n/${l}.json`) as Record<string, string>), ...(require(`@docgen/theme/search/${l}.json`) as Record<string, string>) };
}

/** The folders code.json may live in: Docusaurus's `<siteDir>/i18n`, and docgen's `<contentDir>/i18n` (which wins). */
export function codeJsonFiles(siteDir: string, contentDir: string, locale: string): string[] {
  const files = [path.join(siteDir, 'i18n', locale, 'code.json'), path.join(siteDir, contentDir, 'i18n', locale, 'code.json')];
  return files.filter((f, i) => files.indexOf(f) === i);
}

/**
 * One locale's interface strings, resolved at build time: the theme's catalog for the locale,
 * overridden by the site's code.json. The result goes to the theme as `site.messages`.
 */
export function resolveMessages(locale: string, opts: { siteDir: string; contentDir: string }): Record<string, string> {
  const messages = themeCatalog(locale);
  const known = new Set(Object.keys(messages));
  for (const file of codeJsonFiles(opts.siteDir, opts.contentDir, locale)) Object.assign(messages, readCodeJson(file, opts.siteDir, known));
  return messages;
}
