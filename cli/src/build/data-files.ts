import { closeSync, existsSync, mkdirSync, openSync, readdirSync, readFileSync, rmSync, writeFileSync, writeSync } from 'node:fs';
import path from 'node:path';
import { buildSearchAssets, inSearch, searchDocument, searchGroup, type AnalysisCache, type SearchAssets, type SearchDocument } from '../search/index.js';
import type { AnalyzedDocument } from '../search/postings.js';
import { cacheKey, engineCode } from './bundle-cache.js';
import type { RouteTable } from '../routes/build-routes.js';
import { writeOutFile } from '../output/write.js';
import { contentHash } from './assets.js';
import type { CompiledRoute } from './compile-stage.js';
import { stripRoute } from '@docgen/core/url';
import { writeSidebar } from './sidebar-split.js';

export interface DataFiles {
  /** Sidebar key → public URL of its JSON (its top file when split). */
  sidebars: Map<string, string>;
  /** Sidebar key → route path → files of a split sidebar that route needs (sidebar-split.ts). */
  sidebarBranches: Map<string, Map<string, string[]>>;
  /** `${locale}/${version}` → public URL of the search index. */
  searchIndexes: Map<string, string>;
}

/** Writes each sidebar and each (locale, version) search index once, content-hashed. */
export function writeData(opts: { staging: string; base: string; table: RouteTable; compiled: CompiledRoute[]; cacheDir: string | null; wholeSidebars?: boolean }): DataFiles {
  const { staging, base, table, compiled } = opts;
  const sidebars = new Map<string, string>();
  const sidebarBranches = new Map<string, Map<string, string[]>>();
  for (const [key, items] of table.sidebars) {
    const written = writeSidebar(items, (text) => writeHashed(staging, base, `sidebars/${safe(key)}`, text), opts.wholeSidebars);
    sidebars.set(key, written.url);
    sidebarBranches.set(key, written.branches);
  }

  const groups = new Map<string, SearchDocument[]>();
  for (const c of compiled) {
    if (!c.search || !inSearch(c.route.page)) continue;
    const key = searchGroup(c.route.page);
    if (!groups.has(key)) groups.set(key, []);
    groups.get(key)!.push(searchDocument(c.route.page, c.search));
  }
  const searchIndexes = new Map<string, string>();
  const used = new Set<string>();
  for (const [key, docs] of groups) {
    // The index holds what ranking needs; each page's section texts (for excerpts) sit beside
    // it in content-hashed files the search box fetches only for the results it shows.
    const { index, files } = cachedSearchAssets(docs, opts.cacheDir, used, key);
    for (const f of files) writeOutFile(staging, `assets/${f.name}`, f.content);
    searchIndexes.set(key, writeHashed(staging, base, `search-${safe(key)}`, index));
  }
  if (opts.cacheDir && existsSync(path.join(opts.cacheDir, 'search'))) {
    for (const name of readdirSync(path.join(opts.cacheDir, 'search'))) if (!used.has(name)) rmSync(path.join(opts.cacheDir, 'search', name), { force: true });
  }
  return { sidebars, sidebarBranches, searchIndexes };
}

/** The split sidebar's files a route needs before it can draw its sidebar (none for a whole one). */
export function sidebarBranch(data: DataFiles, key: string | null | undefined, path: string): string[] {
  return (key && data.sidebarBranches.get(key)?.get(stripRoute(path))) || [];
}

const safe = (key: string) => key.replace(/[^\w.-]+/g, '-').replace(/-+$/, '');

function writeHashed(staging: string, base: string, name: string, text: string): string {
  const rel = `assets/${name}-${contentHash(text)}.json`;
  writeOutFile(staging, rel, text);
  return `${base}/${rel}`;
}

/**
 * Building a search index is most of this stage: an index whose documents did not change is
 * kept in <site>/.docgen/cache/search; the entries a build did not use are pruned.
 */
function cachedSearchAssets(docs: SearchDocument[], cacheDir: string | null, used: Set<string>, group: string): SearchAssets {
  const engine = engineCode();
  if (!cacheDir || !engine) return buildSearchAssets(docs);
  const dir = path.join(cacheDir, 'search');
  const name = `${cacheKey((function* () {
    yield engine;
    for (const doc of docs) yield JSON.stringify(doc);
  })())}.json`;
  const file = path.join(dir, name);
  used.add(name);
  // Kept while the index is served from the cache too: the next edit needs them.
  const analysesName = `analyses-${safe(group) || 'default'}.json`;
  used.add(analysesName);
  try {
    return JSON.parse(readFileSync(file, 'utf8')) as SearchAssets;
  } catch {
    // Some page changed: the others' analyses come from the last build's (their text's hash names them).
    const analyses = readAnalyses(path.join(dir, analysesName), engine);
    const assets = buildSearchAssets(docs, { analyses });
    mkdirSync(dir, { recursive: true });
    writeAssets(file, assets);
    writeFileSync(path.join(dir, analysesName), JSON.stringify({ engine, entries: Object.fromEntries(analyses.kept) }));
    return assets;
  }
}

/** The last build's page analyses (none when the engine changed); `kept` gathers this build's. */
function readAnalyses(file: string, engine: string): AnalysisCache & { kept: Map<string, AnalyzedDocument> } {
  let last: Record<string, AnalyzedDocument> = {};
  try {
    const read = JSON.parse(readFileSync(file, 'utf8')) as { engine: string; entries: Record<string, AnalyzedDocument> };
    if (read.engine === engine) last = read.entries;
  } catch {
    // None yet, or unreadable: every page is analysed.
  }
  const kept = new Map<string, AnalyzedDocument>();
  return {
    kept,
    get: (key) => {
      const found = Object.hasOwn(last, key) ? last[key] : undefined;
      if (found) kept.set(key, found);
      return found;
    },
    set: (key, analyzed) => void kept.set(key, analyzed),
  };
}

/** JSON.stringify(assets), written file by file: at 10,000 pages it is a hundred MB of text. */
function writeAssets(file: string, assets: SearchAssets) {
  const fd = openSync(file, 'w');
  try {
    writeSync(fd, `{"index":${JSON.stringify(assets.index)},"files":[`);
    assets.files.forEach((f, i) => writeSync(fd, `${i ? ',' : ''}${JSON.stringify(f)}`));
    writeSync(fd, ']}');
  } finally {
    closeSync(fd);
  }
}
