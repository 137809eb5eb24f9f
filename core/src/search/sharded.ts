/**
 * A sharded index (ShardedIndexFile): ranking is exactly that of the index in one file, as
 * long as MiniSearch holds every term a query can reach. The term list is in the meta file,
 * so the terms a query reaches (exact, prefix, one typo) are known before fetching, and only
 * their files are fetched; then the files of the pages the result list shows.
 */
import MiniSearch from 'minisearch';
import { decodeIndex, decodePostings } from './encode.js';
import { MINISEARCH_OPTIONS, type IndexedDocument } from './options.js';
import { parseQuery } from './parse-query.js';
import { unpackPage, withPage, type LoadedPage, type RankedPage } from './query.js';
import { distance, documentTable, rankPages, type RankedNumber } from './ranker.js';
import { SHARDED_INDEX_FORMAT, type IndexedPage, type ShardedIndexFile } from './types.js';

/** Fetches a file beside the index by name. */
export type FileLoader = (name: string) => Promise<unknown>;

/** MiniSearch keeps its terms in a private map; terms arrive here one file at a time. */
type TermMap = { set(term: string, data: Map<number, Map<number, number>>): void };

export class ShardedSearchIndex {
  private readonly documents: [number, number][];
  private readonly miniSearch: MiniSearch<IndexedDocument>;
  private readonly termFiles = new Map<number, Promise<void>>();
  private readonly loadedTermFiles = new Set<number>();
  private readonly pageFiles = new Map<number, Promise<void>>();
  private readonly pages = new Map<number, LoadedPage>();
  private last: { query: string; ranked: RankedNumber[] } | null = null;
  private readonly terms: string[];

  constructor(private readonly file: ShardedIndexFile, private readonly load: FileLoader) {
    if (file.format !== SHARDED_INDEX_FORMAT) throw new Error(`Search index format ${String(file.format)} is not a sharded index`);
    this.documents = documentTable(file.sections);
    this.terms = decodeTerms(file.terms);
    const { fieldIds, averageFieldLength, fieldLength } = file;
    this.miniSearch = MiniSearch.loadJS(decodeIndex({ fieldIds, averageFieldLength, fieldLength, terms: [], postings: [] }, this.documents.length), MINISEARCH_OPTIONS);
  }

  /** Fetches what `query` needs: the files of the terms it reaches, then of the pages it lists. */
  async prepare(query: string, limit = 10): Promise<void> {
    await Promise.all(this.termFilesFor(query).map((f) => this.loadTermFile(f)));
    const size = this.file.pageFiles.size;
    const shown = this.rank(query).slice(0, limit);
    await Promise.all([...new Set(shown.map((r) => Math.floor(r.page / size)))].map((f) => this.loadPageFile(f)));
  }

  /** Ranked pages once prepare(query) has fetched what they need, else null. */
  search(query: string, limit = 10): RankedPage[] | null {
    if (!this.termFilesFor(query).every((f) => this.loadedTermFiles.has(f))) return null;
    const shown = this.rank(query).slice(0, limit);
    if (!shown.every((r) => this.pages.has(r.page))) return null;
    return shown.map((r) => withPage(r, this.pages.get(r.page)!));
  }

  private rank(query: string): RankedNumber[] {
    if (this.last?.query !== query) this.last = { query, ranked: rankPages(this.miniSearch, this.documents, (p) => this.file.titles[p], query) };
    return this.last.ranked;
  }

  /** The term files holding every index term the query reaches, as MiniSearch would match them. */
  termFilesFor(query: string): number[] {
    const { terms } = this;
    const reached = new Set<number>();
    for (const q of parseQuery(query)) {
      const at = lowerBound(terms, q.term);
      if (terms[at] === q.term) reached.add(at);
      if (q.prefix) for (let i = at; i < terms.length && terms[i].startsWith(q.term); i++) reached.add(i);
      const d = typeof q.fuzzy === 'number' ? q.fuzzy : 0;
      if (d > 0) terms.forEach((t, i) => (d === 1 ? withinOneEdit(t, q.term) : Math.abs(t.length - q.term.length) <= d && distance(t, q.term) <= d) && reached.add(i));
    }
    const { starts } = this.file.termFiles;
    return [...new Set([...reached].map((i) => upperBound(starts, i) - 1))];
  }

  private loadTermFile(f: number): Promise<void> {
    let pending = this.termFiles.get(f);
    if (!pending) {
      pending = this.load(this.file.termFiles.names[f]).then((postings) => {
        const index = (this.miniSearch as unknown as { _index: TermMap })._index;
        const start = this.file.termFiles.starts[f];
        (postings as number[][][]).forEach((lists, k) => {
          const byField = decodePostings(lists);
          index.set(this.terms[start + k], new Map(Object.entries(byField).map(([field, docs]) => [Number(field), new Map(Object.entries(docs).map(([d, n]) => [Number(d), n]))])));
        });
        this.loadedTermFiles.add(f);
        this.last = null; // rankings made without these terms are stale
      });
      pending.catch(() => this.termFiles.delete(f)); // a later query tries again
      this.termFiles.set(f, pending);
    }
    return pending;
  }

  private loadPageFile(f: number): Promise<void> {
    let pending = this.pageFiles.get(f);
    if (!pending) {
      const first = f * this.file.pageFiles.size;
      pending = this.load(this.file.pageFiles.names[f]).then((pages) => {
        (pages as IndexedPage[]).forEach((p, k) => this.pages.set(first + k, unpackPage(p)));
      });
      pending.catch(() => this.pageFiles.delete(f));
      this.pageFiles.set(f, pending);
    }
    return pending;
  }
}

/** Front-coded term list (ShardedIndexFile.terms) → the terms. */
export function decodeTerms(coded: string): string[] {
  const terms: string[] = [];
  let previous = '';
  for (const line of coded ? coded.split('\n') : []) {
    previous = previous.slice(0, parseInt(line[0], 36)) + line.slice(1);
    terms.push(previous);
  }
  return terms;
}

/** Levenshtein distance at most 1, without the full table (this runs over every term). */
function withinOneEdit(a: string, b: string): boolean {
  if (Math.abs(a.length - b.length) > 1) return false;
  let i = 0;
  while (i < a.length && i < b.length && a[i] === b[i]) i++;
  if (a.length === b.length) return a.slice(i + 1) === b.slice(i + 1);
  return a.length > b.length ? a.slice(i + 1) === b.slice(i) : a.slice(i) === b.slice(i + 1);
}

/** First index whose value is >= `value` in a sorted array (strings by code unit, as the builder sorts). */
function lowerBound<T>(sorted: T[], value: T): number {
  let lo = 0;
  let hi = sorted.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (sorted[mid] < value) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** First index whose value is > `value`. */
function upperBound(sorted: number[], value: number): number {
  let lo = 0;
  let hi = sorted.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (sorted[mid] <= value) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}
