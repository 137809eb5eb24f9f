import type { SidebarItem } from '@docgen/core/types';
import { buildSearchAssets, searchDocument, searchGroup, type SearchDocument } from '../search/index.js';
import type { RouteTable } from '../routes/build-routes.js';
import { writeOutFile } from '../output/write.js';
import { contentHash } from './assets.js';
import type { CompiledRoute } from './compile-stage.js';

export interface DataFiles {
  /** Sidebar key → public URL of its JSON. */
  sidebars: Map<string, string>;
  /** `${locale}/${version}` → public URL of the search index. */
  searchIndexes: Map<string, string>;
}

/** Writes each sidebar and each (locale, version) search index once, content-hashed. */
export function writeData(opts: { staging: string; base: string; table: RouteTable; compiled: CompiledRoute[] }): DataFiles {
  const { staging, base, table, compiled } = opts;
  const sidebars = new Map<string, string>();
  for (const [key, items] of table.sidebars) sidebars.set(key, writeHashed(staging, base, `sidebars/${safe(key)}`, json(items)));

  const groups = new Map<string, SearchDocument[]>();
  for (const c of compiled) {
    if (!c.search) continue;
    const key = searchGroup(c.route.page);
    groups.set(key, [...(groups.get(key) ?? []), searchDocument(c.route.page, c.search)]);
  }
  const searchIndexes = new Map<string, string>();
  for (const [key, docs] of groups) {
    // The index holds what ranking needs; each page's section texts (for excerpts) sit beside
    // it in content-hashed files the search box fetches only for the results it shows.
    const { index, files } = buildSearchAssets(docs);
    for (const f of files) writeOutFile(staging, `assets/${f.name}`, f.content);
    searchIndexes.set(key, writeHashed(staging, base, `search-${safe(key)}`, index));
  }
  return { sidebars, searchIndexes };
}

const json = (items: SidebarItem[]) => JSON.stringify(items);
const safe = (key: string) => key.replace(/[^\w.-]+/g, '-').replace(/-+$/, '');

function writeHashed(staging: string, base: string, name: string, text: string): string {
  const rel = `assets/${name}-${contentHash(text)}.json`;
  writeOutFile(staging, rel, text);
  return `${base}/${rel}`;
}
