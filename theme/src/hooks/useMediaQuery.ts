import { useEffect, useState } from 'react';

/** Desktop breakpoint (SPEC 9): up to 996 px wide is mobile, wider is desktop (as in the CSS). */
export const DESKTOP_BREAKPOINT = 996;
export const MOBILE_QUERY = `(max-width: ${DESKTOP_BREAKPOINT}px)`;

/**
 * Whether a media query matches. False on the server and during hydration, so the first
 * client render equals the prerendered HTML; layout differences are handled in CSS.
 */
export function useMediaQuery(query: string): boolean {
  const [matches, setMatches] = useState(false);
  useEffect(() => {
    const list = window.matchMedia(query);
    const update = () => setMatches(list.matches);
    update();
    list.addEventListener('change', update);
    return () => list.removeEventListener('change', update);
  }, [query]);
  return matches;
}

export function prefersReducedMotion(): boolean {
  return typeof window !== 'undefined' && window.matchMedia?.('(prefers-reduced-motion: reduce)').matches === true;
}
