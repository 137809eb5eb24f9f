import type { Searcher } from '@docgen/core/search-runtime';

/**
 * Loads the search runtime (a chunk of its own: MiniSearch and the shared term processing
 * from `@docgen/core/search-runtime`) and the index, once per index URL. Nothing
 * here runs before the first search interaction. A failure is forgotten, so a retry
 * starts over.
 */
const searchers = new Map<string, Promise<Searcher>>();

export type SearcherLoader = (indexUrl: string) => Promise<Searcher>;

export const loadSearcher: SearcherLoader = (indexUrl) => {
  let pending = searchers.get(indexUrl);
  if (!pending) {
    pending = import('@docgen/core/search-runtime').then((runtime) => runtime.loadSearch(indexUrl));
    pending.catch(() => searchers.delete(indexUrl));
    searchers.set(indexUrl, pending);
  }
  return pending;
};
