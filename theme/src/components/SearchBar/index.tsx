import { Suspense, lazy, useCallback, useEffect, useRef, useState } from 'react';
import { createPortal } from 'react-dom';
import type { SiteData } from '../../types';
import { readSearchIndexUrl } from '../../search/boot';
import { loadSearcher } from '../../search/load';
import { t } from '../../search/strings';
import { useSearch } from '../../search/useSearch';
import { useSearchShortcuts } from '../../search/useSearchShortcuts';
import { SearchIcon } from './SearchIcon';
import '../../search/search.css';

// The dialog is its own chunk: it is not part of the JavaScript a page needs to be interactive.
const loadDialog = () => import('./SearchDialog');
const SearchDialog = lazy(() => loadDialog().then((m) => ({ default: m.SearchDialog })));

/**
 * The navbar's search item: a button that opens the search dialog on click, Ctrl/Cmd+K
 * or "/". Nothing is fetched until one of those (or focusing the button) happens; then
 * the runtime and the index load while the dialog opens.
 */
export function SearchBar({ site }: { site: SiteData }) {
  const [open, setOpen] = useState(false);
  const [mac, setMac] = useState(false);
  const button = useRef<HTMLButtonElement>(null);
  const search = useSearch(readSearchIndexUrl, loadSearcher);
  const { warmUp } = search;

  const prepare = useCallback(() => {
    warmUp();
    void loadDialog();
  }, [warmUp]);
  const openDialog = useCallback(() => {
    prepare();
    setOpen(true);
  }, [prepare]);
  const closeDialog = useCallback(() => {
    setOpen(false);
    button.current?.focus();
  }, []);

  useSearchShortcuts(openDialog, site.search && !open);
  // The server renders "Ctrl"; Apple keyboards get "⌘" once hydrated.
  useEffect(() => setMac(/Mac|iPhone|iPad/.test(navigator.platform)), []);

  if (!site.search) return null;
  return (
    <>
      <button
        ref={button}
        type="button"
        className="dg-search__button"
        aria-keyshortcuts="Control+K Meta+K /"
        aria-haspopup="dialog"
        aria-expanded={open}
        onClick={openDialog}
        onFocus={prepare}
        onPointerDown={prepare}
      >
        <SearchIcon />
        {/* The accessible name is the visible word plus a hidden rest (no aria-label that could contradict it). */}
        <span className="dg-search__button-label">{t('search.button')}</span>
        <span className="dg-sr-only">{t('search.buttonLabelRest')}</span>
        <kbd className="dg-search__kbd" aria-hidden="true">{mac ? '⌘' : 'Ctrl'} K</kbd>
      </button>
      {open && createPortal(<Suspense fallback={null}><SearchDialog search={search} onClose={closeDialog} /></Suspense>, document.body)}
    </>
  );
}
