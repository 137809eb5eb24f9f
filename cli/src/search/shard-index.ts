import { createHash } from 'node:crypto';
import {
  SHARDED_INDEX_FORMAT,
  type EncodedIndex,
  type IndexedPage,
  type ShardedIndexFile,
} from '@docgen/core/search/types';

/**
 * An index whose JSON is under this stays one file (small sites: one request, as before).
 * Beyond, the first search would fetch all of it (13.8 MB at 10,000 pages), so it is split.
 */
export const SEARCH_SPLIT_BYTES = 512 * 1024;
/** About this much JSON of postings per term file: a query reaches a few of them. */
export const TERM_FILE_BYTES = 8 * 1024;
/** Pages per page file: a result list of 8 pages fetches at most 8 of these. */
const PAGES_PER_FILE = 8;

export interface ShardedAssets {
  index: string;
  files: { name: string; content: string }[];
}

/** Splits an index built in one piece (see build-index.ts) into its meta file and shards. */
export function shardIndex(meta: { locale: string; version?: string }, pages: IndexedPage[], encoded: EncodedIndex, termFileBytes = TERM_FILE_BYTES): ShardedAssets {
  const files: ShardedAssets['files'] = [];
  const add = (prefix: string, content: string) => {
    const name = `${prefix}-${createHash('sha256').update(content).digest('hex').slice(0, 10)}.json`;
    files.push({ name, content });
    return name;
  };

  const starts: number[] = [];
  const termNames: string[] = [];
  let from = 0;
  let bytes = 0;
  const flush = (to: number) => {
    starts.push(from);
    termNames.push(add('search-terms', JSON.stringify(encoded.postings.slice(from, to))));
    from = to;
    bytes = 0;
  };
  encoded.postings.forEach((lists, t) => {
    if (bytes >= termFileBytes) flush(t);
    bytes += JSON.stringify(lists).length;
  });
  if (from < encoded.postings.length || starts.length === 0) flush(encoded.postings.length);

  const pageNames: string[] = [];
  for (let p = 0; p < pages.length; p += PAGES_PER_FILE) pageNames.push(add('search-pages', JSON.stringify(pages.slice(p, p + PAGES_PER_FILE))));

  const file: ShardedIndexFile = {
    format: SHARDED_INDEX_FORMAT,
    ...meta,
    titles: pages.map((p) => p[1]),
    sections: pages.map((p) => p[3].length),
    fieldIds: encoded.fieldIds,
    averageFieldLength: encoded.averageFieldLength,
    fieldLength: encoded.fieldLength,
    terms: encodeTerms(encoded.terms),
    termFiles: { starts, names: termNames },
    pageFiles: { size: PAGES_PER_FILE, names: pageNames },
  };
  return { index: JSON.stringify(file), files };
}

/** Sorted terms → front-coded lines (see ShardedIndexFile.terms). */
export function encodeTerms(terms: string[]): string {
  let previous = '';
  return terms.map((term) => {
    let shared = 0;
    while (shared < 35 && shared < previous.length && shared < term.length && previous[shared] === term[shared]) shared++;
    previous = term;
    return shared.toString(36) + term.slice(shared);
  }).join('\n');
}
