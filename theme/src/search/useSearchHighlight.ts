import { useEffect, useRef } from 'react';

/**
 * After each render of a route, marks the words of `?q=` in its main content (and scrolls to
 * the first when the URL names no section), as a reader expects after choosing a result. The
 * code is a chunk of its own, loaded only when there is something to mark or to clear.
 */
export function useSearchHighlight(pagePath: string): void {
  const shown = useRef('');
  useEffect(() => {
    const key = pagePath + window.location.search;
    if (key === shown.current) return;
    const before = shown.current;
    shown.current = key;
    if (key.includes('q=') || before.includes('q=')) void import('./highlightTerms').then((m) => m.markPage(() => shown.current === key), () => undefined);
  });
}
