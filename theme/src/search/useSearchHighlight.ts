import { useEffect, useRef } from 'react';
import { highlightQuery } from './highlightTerms';

/**
 * After each render of a route, marks the words of `?q=` in its main content and, when the
 * URL names no section, scrolls to the first one, as a reader expects after choosing a result.
 */
export function useSearchHighlight(pagePath: string): void {
  const shown = useRef<string | null>(null);
  useEffect(() => {
    const key = `${pagePath}${window.location.search}`;
    if (shown.current === key) return;
    shown.current = key;
    const query = new URLSearchParams(window.location.search).get('q');
    const first = highlightQuery(document.getElementById('__docgen_main'), query);
    if (first && !window.location.hash) {
      first.startContainer.parentElement?.scrollIntoView({ block: 'center' });
    }
  });
}
