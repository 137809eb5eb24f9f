import { useIsomorphicLayoutEffect } from '../../hooks/useIsomorphicLayoutEffect';
import { useEffect, useMemo, useRef, useState, type KeyboardEvent, type MouseEvent } from 'react';
import type { SearchHit } from '@docgen/core/search-runtime';
import { useRuntime } from '../../hooks/useRuntime';
import { useScrollLock } from '../../hooks/useScrollLock';
import { t } from '../../search/strings';
import type { SearchState } from '../../search/useSearch';
import { SearchResults, optionId } from './SearchResults';
import { SearchIcon } from './SearchIcon';
import { hrefWithQuery } from '../../search/highlightTerms';

/**
 * The search dialog: a combobox input driving a listbox of results (WAI-ARIA combobox
 * pattern with aria-activedescendant, so focus stays in the input while arrows move).
 */
export function SearchDialog({ search, onClose }: { search: SearchState; onClose(): void }) {
  const { status, query, results, setQuery, warmUp } = search;
  const runtime = useRuntime();
  const input = useRef<HTMLInputElement>(null);
  const hits = useMemo(() => results.flatMap((page) => page.hits), [results]);
  // The selection follows a result, not a position: the same query's results come twice
  // (then with excerpts, sometimes reordered) and must not move the user's choice.
  const [selected, setSelected] = useState<string | null>(null);
  const active = Math.max(0, hits.findIndex((h) => h.href === selected));
  const setActive = (index: number) => setSelected(hits[index]?.href ?? null);

  useScrollLock(true);
  // Focus in a layout effect: keys typed right after the dialog appears must reach the input.
  useIsomorphicLayoutEffect(() => {
    input.current?.focus();
    input.current?.select(); // reopening keeps the last query, ready to be replaced
  }, []);
  // A new query starts again from the first result.
  useEffect(() => setSelected(null), [query]);
  useEffect(() => {
    document.getElementById(optionId(active))?.scrollIntoView?.({ block: 'nearest' });
    const hit = hits[active];
    if (hit) runtime?.prefetch(hit.href);
  }, [active, hits, runtime]);

  const open = (hit: SearchHit) => {
    onClose();
    // The query rides along, so the page it opens marks the words (search/useSearchHighlight).
    const href = hrefWithQuery(hit.href, query);
    const url = new URL(href, window.location.href);
    if (url.href === window.location.href && hit.anchor) {
      // Already there: setting the same hash again would not scroll.
      document.getElementById(hit.anchor)?.scrollIntoView();
    } else if (runtime) runtime.navigate(href);
    else window.location.assign(href);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    const move = (to: number) => {
      event.preventDefault();
      if (hits.length) setActive((to + hits.length) % hits.length);
    };
    switch (event.key) {
      case 'ArrowDown': return move(active + 1);
      case 'ArrowUp': return move(active - 1);
      case 'Home': return event.ctrlKey ? move(0) : undefined;
      case 'End': return event.ctrlKey ? move(hits.length - 1) : undefined;
      case 'Enter':
        event.preventDefault();
        if (hits[active]) open(hits[active]);
        return;
      case 'Escape':
        event.preventDefault();
        return onClose();
    }
  };

  const onResultClick = (event: MouseEvent<HTMLAnchorElement>, hit: SearchHit) => {
    // Modified clicks (new tab, new window) keep the browser's behaviour.
    if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    event.preventDefault();
    open(hit);
  };

  // Focus stays inside the dialog: Tab moves between the input and the close button only.
  const trapTab = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key !== 'Tab') return;
    const focusable = [...event.currentTarget.querySelectorAll<HTMLElement>('input, button')];
    const index = focusable.indexOf(document.activeElement as HTMLElement);
    event.preventDefault();
    focusable[(index + (event.shiftKey ? -1 : 1) + focusable.length) % focusable.length]?.focus();
  };

  const expanded = hits.length > 0;
  return (
    <div className="dg-search" onKeyDown={trapTab}>
      <div className="dg-search__backdrop" onClick={onClose} />
      <div className="dg-search__dialog" role="dialog" aria-modal="true" aria-label={t('search.dialogLabel')}>
        <form className="dg-search__form" role="search" onSubmit={(e) => e.preventDefault()}>
          <SearchIcon />
          <input
            ref={input}
            className="dg-search__input"
            type="search"
            role="combobox"
            aria-label={t('search.inputLabel')}
            aria-autocomplete="list"
            aria-expanded={expanded}
            aria-controls="dg-search-results"
            aria-activedescendant={expanded ? optionId(active) : undefined}
            placeholder={t('search.inputPlaceholder')}
            autoComplete="off"
            autoCorrect="off"
            autoCapitalize="off"
            spellCheck={false}
            enterKeyHint="go"
            maxLength={120}
            value={query}
            onChange={(e) => setQuery(e.target.value)}
            onKeyDown={onKeyDown}
          />
          <button type="button" className="dg-search__close" onClick={onClose}>
            {/* "Esc" for keyboards, "Fechar" for touch screens; screen readers hear the full label. */}
            <kbd className="dg-search__close-key" aria-hidden="true">Esc</kbd>
            <span className="dg-search__close-text" aria-hidden="true">{t('search.closeShort')}</span>
            <span className="dg-sr-only">{t('search.close')}</span>
          </button>
        </form>
        <div className="dg-search__body">
          <Status status={status} query={query} pages={results.length} onRetry={warmUp} />
          <SearchResults results={results} query={query} active={active} onHover={setActive} onOpen={onResultClick} />
        </div>
        <footer className="dg-search__footer" aria-hidden="true">
          <span><kbd>↑</kbd><kbd>↓</kbd> {t('search.keys.navigate')}</span>
          <span><kbd>Enter</kbd> {t('search.keys.open')}</span>
          <span><kbd>Esc</kbd> {t('search.keys.close')}</span>
        </footer>
      </div>
    </div>
  );
}

/** What the dialog says besides results; the live region announces counts and empty results. */
function Status({ status, query, pages, onRetry }: { status: SearchState['status']; query: string; pages: number; onRetry(): void }) {
  const typed = query.trim();
  let message = '';
  if (status === 'error') message = t('search.error');
  else if (status === 'loading' && typed) message = t('search.loading');
  else if (!typed) message = t('search.hint');
  else if (status === 'ready' && pages === 0) message = t('search.noResults', { query: typed });
  const count = status === 'ready' && pages > 0 ? t(pages === 1 ? 'search.resultCount.one' : 'search.resultCount.other', { count: pages }) : '';
  return (
    <>
      <p className="dg-search__status" role="status">
        {message}
        {count && <span className="dg-sr-only">{count}</span>}
      </p>
      {status === 'error' && (
        <button type="button" className="dg-search__retry" onClick={onRetry}>{t('search.retry')}</button>
      )}
    </>
  );
}
