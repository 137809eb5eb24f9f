/**
 * The browser side of search: `docgen/search-runtime`, imported lazily by the theme's
 * search box on the first search interaction (esbuild splits it into its own chunk, so
 * MiniSearch costs nothing on page load). It shares terms.ts and options.ts with the
 * index builder: the single source of truth for how text becomes terms.
 */
import { SearchIndex } from './query.js';
import { Searcher } from './searcher.js';
import { ShardedSearchIndex } from './sharded.js';
import { SHARDED_INDEX_FORMAT, type PageTextFile, type SearchIndexFile, type ShardedIndexFile } from './types.js';

export { Searcher } from './searcher.js';
export type { SearchHit, SearchPageResult } from './types.js';

/**
 * Fetches the index at `indexUrl` (a protected file: the session cookie goes along) and
 * returns a searcher whose other files (page texts; a sharded index's term and page files)
 * are fetched beside it.
 */
export async function loadSearch(indexUrl: string, fetchImpl: typeof fetch = fetch): Promise<Searcher> {
  const base = new URL(indexUrl, globalThis.location?.href ?? 'http://localhost/');
  const get = async <T>(url: URL): Promise<T> => {
    const response = await fetchImpl(url.href, { credentials: 'same-origin' });
    if (!response.ok) throw new Error(`GET ${url.pathname}: HTTP ${response.status}`);
    return (await response.json()) as T;
  };
  const beside = <T>(name: string) => get<T>(new URL(name, base));
  const file = await get<SearchIndexFile | ShardedIndexFile>(base);
  const index = file.format === SHARDED_INDEX_FORMAT ? new ShardedSearchIndex(file, beside) : new SearchIndex(file as SearchIndexFile);
  return new Searcher(index, (name) => beside<PageTextFile>(name));
}
