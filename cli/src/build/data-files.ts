import { inSearch, searchGroup } from '../search/index.js';
import type { RouteTable } from '../routes/build-routes.js';
import { writeOutFile } from '../output/write.js';
import { contentHash } from './assets.js';
import type { CompiledRoute } from './compile-stage.js';
import { stripRoute } from '@docgen/core/url';
import { writeSidebar } from './sidebar-split.js';
import { safeName } from './search-assets.js';

export interface DataFiles {
  /** Sidebar key → public URL of its JSON (its top file when split). */
  sidebars: Map<string, string>;
  /** Sidebar key → route path → files of a split sidebar that route needs (sidebar-split.ts). */
  sidebarBranches: Map<string, Map<string, string[]>>;
  /** `${locale}/${version}` of each search index the build writes (see searchStage). */
  searchKeys: Set<string>;
}
/** Writes each sidebar once, content-hashed. */
export function writeData(opts: { staging: string; base: string; table: RouteTable; compiled: CompiledRoute[]; cacheDir: string | null; wholeSidebars?: boolean }): DataFiles {
  const { staging, base, table, compiled } = opts;
  const sidebars = new Map<string, string>();
  const sidebarBranches = new Map<string, Map<string, string[]>>();
  for (const [key, items] of table.sidebars) {
    const written = writeSidebar(items, (text) => writeHashed(staging, base, `sidebars/${safeName(key)}`, text), opts.wholeSidebars);
    sidebars.set(key, written.url);
    sidebarBranches.set(key, written.branches);
  }

  return { sidebars, sidebarBranches, searchKeys: new Set(searchPages(compiled).keys()) };
}

/**
 * The doc pages of each (locale, version) search index. Pages, not documents: a cached page's
 * sections are read only if its index is built again.
 */
export function searchPages(compiled: CompiledRoute[]): Map<string, CompiledRoute[]> {
  const groups = new Map<string, CompiledRoute[]>();
  for (const c of compiled) {
    if (!inSearch(c.route.page)) continue;
    const key = searchGroup(c.route.page);
    if (!groups.has(key)) groups.set(key, []);
    groups.get(key)!.push(c);
  }
  return groups;
}

/** The split sidebar's files a route needs before it can draw its sidebar (none for a whole one). */
export function sidebarBranch(data: DataFiles, key: string | null | undefined, path: string): string[] {
  return (key && data.sidebarBranches.get(key)?.get(stripRoute(path))) || [];
}

/** Writes `assets/<name>-<hash>.json`; returns its URL. */
function writeHashed(staging: string, base: string, name: string, text: string): string {
  const rel = `assets/${name}-${contentHash(text)}.json`;
  writeOutFile(staging, rel, text);
  return `${base}/${rel}`;
}
