import { useCallback, useEffect, useRef, useState } from 'react';
import type { SearchPageResult, Searcher } from '@docgen/core/search-runtime';
import type { SearcherLoader } from './load';

export type SearchStatus = 'idle' | 'loading' | 'ready' | 'error';

/** Pages a result list shows. */
export const RESULT_PAGES = 8;

/** Typing pause after which the listed pages' texts (excerpts) are fetched. */
export const EXCERPT_DELAY_MS = 120;

export interface SearchState {
  status: SearchStatus;
  query: string;
  results: SearchPageResult[];
  setQuery(query: string): void;
  /** Starts loading the runtime and index (the first search interaction). */
  warmUp(): void;
}

/**
 * Search state for one search box: loads lazily on warmUp(), answers each query at once
 * (ranking, titles, headings), then again when the listed pages' excerpts have arrived.
 * Late answers to an older query are dropped.
 */
export function useSearch(indexUrl: () => string | null | Promise<string | null>, load: SearcherLoader): SearchState {
  const [status, setStatus] = useState<SearchStatus>('idle');
  const [query, setQueryState] = useState('');
  const [results, setResults] = useState<SearchPageResult[]>([]);
  const searcher = useRef<Searcher | null>(null);
  const latest = useRef('');
  const excerptTimer = useRef<number | undefined>(undefined);

  const run = useCallback((q: string) => {
    latest.current = q;
    window.clearTimeout(excerptTimer.current);
    const s = searcher.current;
    if (!s) return;
    if (!q.trim()) return setResults([]);
    if (s.ready(q, RESULT_PAGES)) {
      setStatus('ready');
      setResults(s.search(q, RESULT_PAGES));
    } else {
      // A sharded index (large sites) first fetches the files this query reaches: say so
      // rather than "no results" for a moment.
      setStatus('loading');
      s.prepare(q, RESULT_PAGES).then(() => {
        if (latest.current !== q) return;
        setStatus('ready');
        setResults(s.search(q, RESULT_PAGES));
      }, () => setStatus('error'));
    }
    // Page texts are fetched once typing pauses, not for every intermediate prefix.
    excerptTimer.current = window.setTimeout(() => {
      void s.searchWithExcerpts(q, RESULT_PAGES).then((full) => {
        if (latest.current === q) setResults(full);
      });
    }, EXCERPT_DELAY_MS);
  }, []);

  useEffect(() => () => window.clearTimeout(excerptTimer.current), []);

  const warmUp = useCallback(() => {
    if (searcher.current || status === 'loading') return;
    // Read on demand: the boot data is only parsed once somebody searches.
    const url = indexUrl();
    if (!url) return setStatus('error');
    setStatus('loading');
    // A built page looks its index up in its build's current.json first.
    Promise.resolve(url).then((found) => (found ? load(found) : Promise.reject(new Error('docgen: no search index')))).then(
      (s) => {
        searcher.current = s;
        setStatus('ready');
        run(latest.current); // answers what was typed while the index loaded
      },
      () => setStatus('error'),
    );
  }, [indexUrl, load, run, status]);

  const setQuery = useCallback((q: string) => {
    setQueryState(q);
    run(q);
  }, [run]);

  return { status, query, results, setQuery, warmUp };
}
