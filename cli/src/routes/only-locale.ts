import { DocgenError } from '../errors.js';
import type { RouteTable } from './build-routes.js';

/**
 * `docgen build --locale <code>`, as `docusaurus build --locale <code>`: one locale's pages
 * are compiled, rendered and written (at the same URLs as in a build of every locale), the
 * others are not. The route table is made for every locale first, so what a page shows of
 * the others (hreflang alternates, the locale dropdown) is what a full build shows; their
 * routes are returned as `notBuilt`, paths the link checker takes as existing without
 * looking inside (their pages are another build's).
 */
export function onlyLocale(table: RouteTable, locale: string, configName: string): { notBuilt: Set<string> } {
  const known = table.locales.map((l) => l.locale);
  if (!known.includes(locale)) {
    throw new DocgenError(`--locale ${locale}: the site has no such locale (i18n.locales in ${configName}: ${known.join(', ')}); pass one of them, or leave --locale out to build every locale`);
  }
  const notBuilt = new Set<string>();
  table.routes = table.routes.filter((r) => r.locale === locale || (notBuilt.add(r.path), false));
  // A redirect lives under its locale's prefix: '/fr/docs' is French, '/docs' the default locale's.
  const localeOf = (p: string) => table.locales.find((l) => l.prefix && (p === `${table.siteRoot.replace(/\/$/, '')}${l.prefix}` || p.startsWith(`${table.siteRoot.replace(/\/$/, '')}${l.prefix}/`)))?.locale ?? defaultLocale(table);
  for (const from of Object.keys(table.redirects)) {
    if (localeOf(from) !== locale) {
      notBuilt.add(from);
      delete table.redirects[from];
    }
  }
  for (const key of [...table.sidebars.keys()]) if (!key.startsWith(`${locale}/`)) table.sidebars.delete(key);
  return { notBuilt };
}

const defaultLocale = (table: RouteTable) => table.locales.find((l) => l.prefix === '')?.locale;
