import { DocgenError } from '../errors.js';
import type { SiteConfig } from '../config/schema.js';
import type { RouteTable } from './build-routes.js';

/*
 * `docgen build --locale <code>`, as `docusaurus build --locale <code>`: one locale's pages
 * are read, compiled, rendered and written (at the same URLs as in a build of every locale),
 * and only its mistakes are reported: another locale's broken translation is that locale's
 * build's business. The default locale's routes are made too when another locale is asked
 * for (its docs are that locale's fallback, and its paths are what links and alternates name),
 * with its problems dropped; the other locales are not read at all, their pages assumed at the
 * default locale's paths under their prefix (Docusaurus's locale dropdown makes the same guess).
 */

/** An unknown `--locale` stops the build before any content is read. */
export function checkLocale(config: SiteConfig, locale: string, configName: string): void {
  const known = config.i18n.locales;
  if (!known.includes(locale)) {
    throw new DocgenError(`--locale ${locale}: the site has no such locale (i18n.locales in ${configName}: ${known.join(', ')}); pass one of them, or leave --locale out to build every locale`);
  }
}

/** Whether buildRoutes makes `locale`'s routes when the build is limited to `only`. */
export const madeFor = (locale: string, config: SiteConfig, only: string | undefined): boolean =>
  !only || locale === only || locale === config.i18n.defaultLocale;

/** Where the locales that are not read would have their pages: each default-locale route under their prefix. */
export function assumedPaths(table: RouteTable, config: SiteConfig): string[] {
  const { defaultLocale, locales } = config.i18n;
  const made = new Set(table.locales.map((l) => l.locale));
  const root = table.siteRoot === '/' ? '' : table.siteRoot;
  const own = [...table.routes.filter((r) => r.locale === defaultLocale && r.page.kind !== 'notFound').map((r) => r.path), ...Object.keys(table.redirects).filter((p) => localeOf(table, p, defaultLocale) === defaultLocale)];
  return locales.filter((l) => !made.has(l)).flatMap((l) => own.map((p) => `${root}/${l}${p.slice(root.length)}`.replace(/\/$/, '')));
}

/**
 * Leaves the table with `locale`'s routes, redirects and sidebars; everything else goes to
 * `notBuilt`. `table.locales` keeps the default locale made beside it: the login shell speaks it.
 */
export function keepLocale(table: RouteTable, locale: string, assumed: string[]): void {
  const defaultLocale = table.locales.find((l) => l.prefix === '')?.locale ?? '';
  const notBuilt = table.notBuilt;
  for (const p of assumed) notBuilt.add(p);
  table.routes = table.routes.filter((r) => r.locale === locale || (notBuilt.add(r.path), false));
  for (const from of Object.keys(table.redirects)) {
    if (localeOf(table, from, defaultLocale) !== locale) {
      notBuilt.add(from);
      delete table.redirects[from];
    }
  }
  for (const key of [...table.sidebars.keys()]) if (!key.startsWith(`${locale}/`)) table.sidebars.delete(key);
}

/** A path lives under its locale's prefix: '/fr/docs' is French, '/docs' the default locale's. */
function localeOf(table: RouteTable, p: string, defaultLocale: string): string {
  const root = table.siteRoot === '/' ? '' : table.siteRoot;
  const prefix = table.localePrefixes.find((x) => x && (p === `${root}${x}` || p.startsWith(`${root}${x}/`)));
  return prefix ? prefix.slice(1) : defaultLocale;
}
