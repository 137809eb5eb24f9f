import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { PageData } from '@docgen/core/types';
import { keepOutFile, outputOf, writeOutFile } from '../output/write.js';
import { inSearch, searchDocument, searchGroup } from '../search/index.js';
import type { RouteTable } from '../routes/build-routes.js';
import { eventLoopTurns } from '../utils/task.js';
import { cacheKey, engineCode } from './bundle-cache.js';
import type { CompiledRoute } from './compile-stage.js';
import { analysesName, cachedSearchAssets, searchIndexRel } from './search-assets.js';
import { SearchThread } from './search-thread.js';

/**
 * Below this many pages to index, a worker thread's start (loading the search code) costs
 * more than the index it would build beside the main thread. DOCGEN_SEARCH_WORKER_MIN_PAGES
 * overrides it (tests use it to send small sites' indexes to the worker).
 */
export const MIN_PAGES_FOR_SEARCH_WORKER = 200;
/** More docs changed than this, and the render likely has workers (and the index stays on the main thread). */
const MAX_CHANGED_FOR_EARLY_THREAD = 32;
const minPagesForWorker = () => (process.env.DOCGEN_SEARCH_WORKER_MIN_PAGES ? Number(process.env.DOCGEN_SEARCH_WORKER_MIN_PAGES) : MIN_PAGES_FOR_SEARCH_WORKER);

/** A page's search document for the worker: its page fields and its sections' JSON. */
type WorkerDoc = [page: Pick<PageData, 'path' | 'title' | 'locale' | 'version' | 'description'>, sections: string];
export interface SearchWorkerJob {
  staging: string;
  cacheDir: string;
  engine: string;
  /** Content keys of the previous build's search files (the worker writes only what differs). */
  previous: Record<string, string>;
  groups: { group: string; named: string; docs: WorkerDoc[] }[];
}
export interface WrittenSearchFile {
  rel: string;
  key: string;
  written: boolean;
}

/** The search files a build wrote from some cached assets: each one's path and output record key. */
interface WrittenAssets {
  index: { rel: string; key: string };
  files: { rel: string; key: string }[];
}

export interface SearchStage {
  /** Whether the indexes to build go to a worker thread (see searchStage). */
  onWorker: boolean;
  /**
   * Builds and writes the indexes; resolves to each one's public URL by group, the worker's
   * time, and `settled`, once the search caches are written too (the worker writes them after).
   */
  run(): Promise<{ urls: Map<string, string>; workerMs: number | null; settled: Promise<void> }>;
}

/**
 * The search indexes, one per (locale, version) group of doc pages. An index whose pages are
 * unchanged since the build that wrote it into this output folder is kept as it is, unread
 * (a record beside the cached assets names its files). The others are built here, or with
 * `worker` on a thread of their own beside the main thread's next stages: a build that
 * renders few pages (an edit) leaves a core idle, and the index was most of its time.
 */
export function searchStage(opts: { staging: string; base: string; groups: Map<string, CompiledRoute[]>; cacheDir: string | null; worker: boolean; thread: SearchThread | null }): SearchStage {
  const { staging, base, cacheDir } = opts;
  const engine = cacheDir ? engineCode() : null;
  const urls = new Map<string, string>();
  const used = new Set<string>();
  const todo: { group: string; pages: CompiledRoute[]; named: string | null }[] = [];
  for (const [group, pages] of opts.groups) {
    const named = engine ? searchCacheName(pages, engine) : null;
    // The assets and the analyses stay for the next build even when the record spares reading them.
    if (named) for (const f of [`${named}.written.json`, `${named}.json`, analysesName(group)]) used.add(f);
    const record = named ? readJson<WrittenAssets>(recordFile(cacheDir!, named)) : null;
    if (record && [record.index, ...record.files].every((f) => keepOutFile(staging, f.rel, f.key))) urls.set(group, `${base}/${record.index.rel}`);
    else todo.push({ group, pages, named });
  }
  const pagesToIndex = todo.reduce((n, t) => n + t.pages.length, 0);
  const wanted = opts.worker && engine !== null && pagesToIndex >= minPagesForWorker() && outputOf(staging) !== null;
  // A thread started with the build (see startSearchThread) is used, else one starts now; an unused one stops.
  const thread = wanted ? (opts.thread ?? SearchThread.start({ cacheDir: cacheDir!, engine: engine!, groups: todo.map((t) => t.group) })) : null;
  if (!thread) void opts.thread?.settled();
  const onWorker = thread !== null;

  const prune = () => {
    const dir = cacheDir && path.join(cacheDir, 'search');
    if (dir && existsSync(dir)) for (const name of readdirSync(dir)) if (!used.has(name)) rmSync(path.join(dir, name), { force: true });
  };
  const here = async () => {
    for (const { group, pages, named } of todo) {
      const docs = pages.flatMap((c) => {
        const sections = c.search;
        return sections ? [searchDocument(c.route.page, sections)] : [];
      });
      const { index, files } = await cachedSearchAssets(docs, { cacheDir, engine, group, named });
      // Thousands of files at 10,000 pages: without turns of the event loop the write queue
      // filled and this thread wrote them itself (1.6 s).
      const turn = eventLoopTurns();
      const rel = searchIndexRel(group, index);
      const written: WrittenAssets = { index: { rel, key: writeOutFile(staging, rel, index) ?? '' }, files: [] };
      for (const f of files) {
        await turn();
        written.files.push({ rel: `assets/${f.name}`, key: writeOutFile(staging, `assets/${f.name}`, f.content) ?? '' });
      }
      if (named && written.index.key) writeFileSync(recordFile(cacheDir!, named), JSON.stringify(written));
      urls.set(group, `${base}/${rel}`);
    }
    return null;
  };
  const beside = async () => {
    const output = outputOf(staging)!;
    const job: SearchWorkerJob = {
      staging,
      cacheDir: cacheDir!,
      engine: engine!,
      previous: output.previousKeys('assets/search-'),
      groups: todo.map(({ group, pages, named }) => ({ group, named: named!, docs: pages.map((c): WorkerDoc => [pageFields(c.route.page), c.searchJson()]) })),
    };
    const reply = await thread!.run(job);
    // The worker makes the cache's folder only when it writes the caches, after its reply.
    mkdirSync(path.join(cacheDir!, 'search'), { recursive: true });
    for (const g of reply.groups) {
      for (const f of [g.index, ...g.files]) output.recordWritten(f.rel, f.key, f.written);
      const named = todo.find((t) => t.group === g.group)!.named!;
      writeFileSync(recordFile(cacheDir!, named), JSON.stringify({ index: { rel: g.index.rel, key: g.index.key }, files: g.files.map(({ rel, key }) => ({ rel, key })) } satisfies WrittenAssets));
      urls.set(g.group, `${base}/${g.index.rel}`);
    }
    return reply.ms;
  };
  return {
    onWorker,
    async run() {
      const workerMs = onWorker ? await beside() : await here();
      prune();
      // In the groups' order (current.json lists them so), whichever were kept.
      return { urls: new Map([...opts.groups.keys()].map((group) => [group, urls.get(group)!])), workerMs, settled: thread?.settled() ?? Promise.resolve() };
    },
  };
}

/** What searchDocument reads of a page: a page's data holds much more (its table of contents, its sidebar's links). */
const pageFields = (page: PageData): WorkerDoc[0] => ({ path: page.path, title: page.title, locale: page.locale, ...(page.version ? { version: page.version } : {}), ...(page.description ? { description: page.description } : {}) });

const recordFile = (cacheDir: string, named: string) => path.join(cacheDir, 'search', `${named}.written.json`);

function readJson<T>(file: string): T | null {
  try {
    return JSON.parse(readFileSync(file, 'utf8')) as T;
  } catch {
    return null; // none yet, or unreadable: the files are written
  }
}

/**
 * The cached assets' name: the engine and every document. A page's sections are named by what
 * they are made from (the compile cache's key for the page): hashing the sections themselves
 * meant reading every page's text on a rebuild that changed none.
 */
function searchCacheName(pages: CompiledRoute[], engine: string): string {
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
 * The search worker, started with a rebuild that found a few docs changed (likely an edit: few
 * pages to render, an index to build again beside them), or null. `changed`: docs the doc
 * cache found changed; `pages`: doc pages in the search.
 */
export function startSearchThread(opts: { cacheDir: string | null; changed: number; pages: number; groups: string[] }): SearchThread | null {
  const engine = opts.cacheDir ? engineCode() : null;
  if (!engine || opts.changed === 0 || opts.changed > MAX_CHANGED_FOR_EARLY_THREAD || opts.pages < minPagesForWorker()) return null;
  return SearchThread.start({ cacheDir: opts.cacheDir!, engine, groups: opts.groups });
}

/** The search groups of a route table's doc pages, and how many pages they hold. */
export function searchGroups(table: RouteTable): { groups: string[]; pages: number } {
  const groups = new Set<string>();
  let pages = 0;
  for (const route of table.routes) {
    if (!inSearch(route.page)) continue;
    groups.add(searchGroup(route.page));
    pages++;
  }
  return { groups: [...groups], pages };
}
