import type { SiteConfig } from '../config/schema.js';
import { basePrefix, joinRoute } from '@docgen/core/url';
import type { Route, RouteTable } from './build-routes.js';
import type { VersionInfo } from './versions.js';

/**
 * The other URLs of each page, filled in once every route exists: the same page in each locale
 * (hreflang alternates, the locale dropdown) and in each version of its docs (the version dropdown).
 */

/** Each route's URL in every locale (same path with the other locale's prefix). */
export function fillAlternates(table: RouteTable, config: SiteConfig, assumed: string[]) {
  const base = basePrefix(config.baseUrl);
  const byPath = new Set([...table.routes.map((r) => r.path), ...assumed]);
  const prefixOf = (l: string) => (l === config.i18n.defaultLocale ? '' : `/${l}`);
  for (const route of table.routes) {
    if (route.page.kind === 'notFound') continue; // served at any path: it has no URL of its own
    const rest = route.path.slice(base.length + prefixOf(route.locale).length) || '/';
    for (const l of config.i18n.locales) {
      const candidate = joinRoute(base, prefixOf(l), rest);
      route.page.alternates[l] = byPath.has(candidate) ? candidate : joinRoute(base, prefixOf(l), '/');
    }
  }
}

/**
 * Each doc's URL in the other versions of its docs plugin that have a doc with its id
 * (Docusaurus's version dropdown keeps the reader on the same doc).
 */
export function fillVersionAlternates(table: RouteTable, versions: VersionInfo[]) {
  const pluginOf = new Map(versions.map((v) => [v.name, v.instance ?? '']));
  const count = new Map<string, number>();
  for (const v of versions) count.set(v.instance ?? '', (count.get(v.instance ?? '') ?? 0) + 1);
  const byDoc = new Map<string, Record<string, string>>();
  const keyOf = (r: Route) => {
    const plugin = r.page.version === undefined ? undefined : pluginOf.get(r.page.version);
    return plugin !== undefined && count.get(plugin)! > 1 && r.source?.kind === 'mdx' && r.page.kind === 'doc' ? `${r.locale}\0${plugin}\0${r.source.doc.id}` : null;
  };
  for (const r of table.routes) {
    const key = keyOf(r);
    if (key) byDoc.set(key, { ...byDoc.get(key), [r.page.version!]: r.path });
  }
  for (const r of table.routes) {
    const key = keyOf(r);
    const all = key ? byDoc.get(key) : undefined;
    if (all && Object.keys(all).length > 1) r.page.versionAlternates = all;
  }
}
