import { useEffect, useRef, useState } from 'react';

/**
 * Navbar visibility by scroll direction (SPEC 4): always shown near the top, hidden while
 * scrolling down and after jumping to an anchor, shown again when scrolling up.
 */
export function useHideableNavbar(enabled: boolean) {
  const [hidden, setHidden] = useState(false);
  const navbarRef = useRef<HTMLElement>(null);

  useEffect(() => {
    if (!enabled) return;
    let last = window.scrollY;
    const onScroll = () => {
      const y = window.scrollY;
      const height = navbarRef.current?.offsetHeight ?? 0;
      if (y < height) setHidden(false);
      else if (y > last) setHidden(true);
      else if (y < last) setHidden(false);
      last = y;
    };
    const onHash = () => {
      if (!window.location.hash) return;
      // The jump to the anchor may be reported before or after this event; taking its position
      // as the reference keeps it from counting as "scrolling up", which would show the navbar.
      last = window.scrollY;
      setHidden(true);
    };
    window.addEventListener('scroll', onScroll, { passive: true });
    window.addEventListener('hashchange', onHash);
    return () => {
      window.removeEventListener('scroll', onScroll);
      window.removeEventListener('hashchange', onHash);
    };
  }, [enabled]);

  return { hidden: enabled && hidden, navbarRef, show: () => setHidden(false) };
}
