import { closeSync, mkdirSync, openSync, readFileSync, writeFileSync, writeSync } from 'node:fs';
import path from 'node:path';
import { analyzeAhead, buildSearchAssets, type AnalysisCache, type SearchAssets, type SearchDocument } from '../search/index.js';
import type { AnalyzedDocument } from '../search/postings.js';
import { eventLoopTurns } from '../utils/task.js';
import { contentHash } from './assets.js';

/**
 * Building one (locale, version) search index from its documents, with the caches in
 * <site>/.docgen/cache/search: the same code on the main thread and on the search worker
 * (search-stage.ts decides where). Nothing here touches the build's output record.
 */

/** A name safe in a file name, from a sidebar or search group key. */
export const safeName = (key: string) => key.replace(/[^\w.-]+/g, '-').replace(/-+$/, '');

/** The index file's path in the output: content-hashed, as every data file. */
export const searchIndexRel = (group: string, index: string) => `assets/search-${safeName(group)}-${contentHash(index)}.json`;

/** Each group's page analyses, kept while its index is served from the cache too: the next edit needs them. */
export const analysesName = (group: string) => `analyses-${safeName(group) || 'default'}.json`;

/**
 * Building a search index is most of its stage: an index whose documents did not change is
 * kept in `cacheDir` (null: no cache) under `named`; otherwise pages are analysed first
 * (unchanged pages' analyses come from the last build's, named by their text's hash),
 * letting the event loop turn.
 */
export async function cachedSearchAssets(
  docs: SearchDocument[],
  opts: {
    cacheDir: string | null;
    engine: string | null;
    group: string;
    named: string | null;
    /** The last build's analyses, read beforehand (readAnalyses); read here when not given. */
    last?: Record<string, AnalyzedDocument>;
    /** Takes the cache writes to run them later (the search worker replies first); run here when not given. */
    later?: (write: () => void) => void;
  },
): Promise<SearchAssets> {
  const { engine, group, named } = opts;
  const cached = opts.cacheDir && engine && named ? path.join(opts.cacheDir, 'search') : null;
  if (cached) {
    try {
      return JSON.parse(readFileSync(path.join(cached, `${named}.json`), 'utf8')) as SearchAssets;
    } catch {
      // Some page changed: the others' analyses come from the last build's.
    }
  }
  const analyses = analysisCache(cached ? (opts.last ?? readAnalyses(opts.cacheDir!, group, engine!)) : {});
  await analyzeAhead(docs, analyses, eventLoopTurns());
  const assets = buildSearchAssets(docs, { analyses });
  if (cached) {
    const write = () => {
      mkdirSync(cached, { recursive: true });
      writeAssets(path.join(cached, `${named}.json`), assets);
      writeFileSync(path.join(cached, analysesName(group)), JSON.stringify({ engine, entries: Object.fromEntries(analyses.kept) }));
    };
    if (opts.later) opts.later(write);
    else write();
  }
  return assets;
}

/** The last build's page analyses of a group (none when the engine changed). */
export function readAnalyses(cacheDir: string, group: string, engine: string): Record<string, AnalyzedDocument> {
  const file = path.join(cacheDir, 'search', analysesName(group));
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
