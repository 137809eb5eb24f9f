import { closeSync, existsSync, mkdirSync, openSync, readdirSync, readFileSync, rmSync, writeFileSync, writeSync } from 'node:fs';
import path from 'node:path';
import { analyzeAhead, buildSearchAssets, inSearch, searchDocument, searchGroup, type AnalysisCache, type SearchAssets, type SearchDocument } from '../search/index.js';
import type { AnalyzedDocument } from '../search/postings.js';
import { cacheKey, engineCode } from './bundle-cache.js';
import type { RouteTable } from '../routes/build-routes.js';
import { keepOutFile, writeOutFile } from '../output/write.js';
import { contentHash } from './assets.js';
import type { CompiledRoute } from './compile-stage.js';
import { stripRoute } from '@docgen/core/url';
import { writeSidebar } from './sidebar-split.js';
import { eventLoopTurns } from '../utils/task.js';

export interface DataFiles {
  /** Sidebar key → public URL of its JSON (its top file when split). */
  sidebars: Map<string, string>;
  /** Sidebar key → route path → files of a split sidebar that route needs (sidebar-split.ts). */
  sidebarBranches: Map<string, Map<string, string[]>>;
  /** `${locale}/${version}` of each search index the build writes. */
  searchKeys: Set<string>;
  /**
   * Builds and writes the search indexes; resolves to each one's public URL by key. No page
   * depends on them (pages find them through current.json, written after the render).
   */
  writeSearch(): Promise<Map<string, string>>;
}

/** Writes each sidebar once, content-hashed, and gathers each (locale, version)'s search documents. */
export function writeData(opts: { staging: string; base: string; table: RouteTable; compiled: CompiledRoute[]; cacheDir: string | null; wholeSidebars?: boolean }): DataFiles {
  const { staging, base, table, compiled } = opts;
  const sidebars = new Map<string, string>();
  const sidebarBranches = new Map<string, Map<string, string[]>>();
  for (const [key, items] of table.sidebars) {
    const written = writeSidebar(items, (text) => writeHashed(staging, base, `sidebars/${safe(key)}`, text), opts.wholeSidebars);
    sidebars.set(key, written.url);
    sidebarBranches.set(key, written.branches);
  }

  // Pages, not documents: a cached page's sections are read only if its index is built again.
  const groups = new Map<string, CompiledRoute[]>();
  for (const c of compiled) {
    if (!inSearch(c.route.page)) continue;
    const key = searchGroup(c.route.page);
    if (!groups.has(key)) groups.set(key, []);
    groups.get(key)!.push(c);
  }
  const writeSearch = async () => {
    const searchIndexes = new Map<string, string>();
    const used = new Set<string>();
    for (const [key, pages] of groups) {
      // The index holds what ranking needs; each page's section texts (for excerpts) sit beside
      // it in content-hashed files the search box fetches only for the results it shows.
      searchIndexes.set(key, await writeSearchAssets({ staging, base, pages, cacheDir: opts.cacheDir, used, group: key }));
    }
    groups.clear();
    if (opts.cacheDir && existsSync(path.join(opts.cacheDir, 'search'))) {
      for (const name of readdirSync(path.join(opts.cacheDir, 'search'))) if (!used.has(name)) rmSync(path.join(opts.cacheDir, 'search', name), { force: true });
    }
    return searchIndexes;
  };
  return { sidebars, sidebarBranches, searchKeys: new Set(groups.keys()), writeSearch };
}

/** The split sidebar's files a route needs before it can draw its sidebar (none for a whole one). */
export function sidebarBranch(data: DataFiles, key: string | null | undefined, path: string): string[] {
  return (key && data.sidebarBranches.get(key)?.get(stripRoute(path))) || [];
}

const safe = (key: string) => key.replace(/[^\w.-]+/g, '-').replace(/-+$/, '');

function writeHashed(staging: string, base: string, name: string, text: string): string {
  return `${base}/${writeHashedFile(staging, name, text).rel}`;
}

/** Writes `assets/<name>-<hash>.json`; returns its path and output record key ('' without a record). */
function writeHashedFile(staging: string, name: string, text: string): { rel: string; key: string } {
  const rel = `assets/${name}-${contentHash(text)}.json`;
  return { rel, key: writeOutFile(staging, rel, text) ?? '' };
}

/** The search files a build wrote from some cached assets: each one's path and output record key. */
interface WrittenAssets {
  index: { rel: string; key: string };
  files: { rel: string; key: string }[];
}

/**
 * Writes a (locale, version) search index and its page files; returns the index's URL. When
 * the previous build wrote them from the same documents into this output folder, they are
 * kept as they are, unread (the record beside the cached assets names them): at 1000 pages
 * reading, hashing and comparing the assets again was a tenth of an unchanged rebuild.
 */
async function writeSearchAssets(opts: { staging: string; base: string; pages: CompiledRoute[]; cacheDir: string | null; used: Set<string>; group: string }): Promise<string> {
  const { staging, base } = opts;
  const named = searchCacheName(opts.pages, opts.cacheDir);
  const recordFile = named && path.join(opts.cacheDir!, 'search', `${named}.written.json`);
  // The assets and the analyses stay for the next build even when the record spares reading them.
  if (named) for (const f of [`${named}.written.json`, `${named}.json`, analysesName(opts.group)]) opts.used.add(f);
  const record = recordFile ? readJson<WrittenAssets>(recordFile) : null;
  if (record && [record.index, ...record.files].every((f) => keepOutFile(staging, f.rel, f.key))) return `${base}/${record.index.rel}`;

  const docs = opts.pages.flatMap((c) => {
    const sections = c.search;
    return sections ? [searchDocument(c.route.page, sections)] : [];
  });
  const { index, files } = await cachedSearchAssets(docs, opts.cacheDir, opts.group, named);
  // Thousands of files at 10,000 pages: without turns of the event loop the write queue
  // filled and this thread wrote them itself (1.6 s).
  const turn = eventLoopTurns();
  const written: WrittenAssets = { files: [], index: writeHashedFile(staging, `search-${safe(opts.group)}`, index) };
  for (const f of files) {
    await turn();
    written.files.push({ rel: `assets/${f.name}`, key: writeOutFile(staging, `assets/${f.name}`, f.content) ?? '' });
  }
  if (recordFile && written.index.key) writeFileSync(recordFile, JSON.stringify(written));
  return `${base}/${written.index.rel}`;
}

function readJson<T>(file: string): T | null {
  try {
    return JSON.parse(readFileSync(file, 'utf8')) as T;
  } catch {
    return null; // none yet, or unreadable: the files are written
  }
}

/**
 * The cached assets' name: the engine and every document (null without a cache). A page's
 * sections are named by what they are made from (the compile cache's key for the page): hashing
 * the sections themselves meant reading every page's text on a rebuild that changed none.
 */
function searchCacheName(pages: CompiledRoute[], cacheDir: string | null): string | null {
  const engine = engineCode();
  if (!cacheDir || !engine) return null;
  return cacheKey((function* () {
    yield engine;
    for (const c of pages) {
      const sections = c.searchSource === null ? c.search : null;
      if (c.searchSource === null && !sections) continue;
      yield JSON.stringify(searchDocument(c.route.page, sections ?? [])) + (c.searchSource ?? '');
    }
  })());
}

/**
 * Building a search index is most of this stage: an index whose documents did not change is
 * kept in <site>/.docgen/cache/search; the entries a build did not use are pruned. Pages are
 * analysed first, letting the event loop turn (render workers' replies come in meanwhile).
 */
async function cachedSearchAssets(docs: SearchDocument[], cacheDir: string | null, group: string, named: string | null): Promise<SearchAssets> {
  const engine = engineCode();
  const cached = cacheDir && engine && named ? path.join(cacheDir, 'search') : null;
  if (cached) {
    try {
      return JSON.parse(readFileSync(path.join(cached, `${named}.json`), 'utf8')) as SearchAssets;
    } catch {
      // Some page changed: the others' analyses come from the last build's (their text's hash names them).
    }
  }
  const analyses = analysisCache(cached ? readAnalyses(path.join(cached, analysesName(group)), engine!) : {});
  await analyzeAhead(docs, analyses, eventLoopTurns());
  const assets = buildSearchAssets(docs, { analyses });
  if (cached) {
    mkdirSync(cached, { recursive: true });
    writeAssets(path.join(cached, `${named}.json`), assets);
    writeFileSync(path.join(cached, analysesName(group)), JSON.stringify({ engine, entries: Object.fromEntries(analyses.kept) }));
  }
  return assets;
}

/** Each group's page analyses, kept while its index is served from the cache too: the next edit needs them. */
const analysesName = (group: string) => `analyses-${safe(group) || 'default'}.json`;

/** The last build's page analyses (none when the engine changed). */
function readAnalyses(file: string, engine: string): Record<string, AnalyzedDocument> {
  try {
    const read = JSON.parse(readFileSync(file, 'utf8')) as { engine: string; entries: Record<string, AnalyzedDocument> };
    return read.engine === engine ? read.entries : {};
  } catch {
    return {}; // none yet, or unreadable: every page is analysed
  }
}

/** Analyses by key, from `last`; `kept` gathers this build's. */
function analysisCache(last: Record<string, AnalyzedDocument>): AnalysisCache & { kept: Map<string, AnalyzedDocument> } {
  const kept = new Map<string, AnalyzedDocument>();
  return {
    kept,
    get: (key) => kept.get(key) ?? (Object.hasOwn(last, key) ? (kept.set(key, last[key]), last[key]) : undefined),
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
