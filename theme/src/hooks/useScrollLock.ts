import { useEffect } from 'react';

/** Locks page scrolling while `locked` (the mobile sidebar is open), restoring it afterwards. */
export function useScrollLock(locked: boolean): void {
  useEffect(() => {
    if (!locked) return;
    const body = document.body;
    const previous = body.style.overflow;
    body.style.overflow = 'hidden';
    body.classList.add('dg-scroll-locked');
    return () => {
      body.style.overflow = previous;
      body.classList.remove('dg-scroll-locked');
    };
  }, [locked]);
}
