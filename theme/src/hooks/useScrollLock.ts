import { useIsomorphicLayoutEffect } from './useIsomorphicLayoutEffect';

/**
 * Locks page scrolling while `locked` (the mobile sidebar is open), restoring it afterwards.
 * A layout effect: the lock starts with the overlay's first paint, not a frame later.
 */
export function useScrollLock(locked: boolean): void {
  useIsomorphicLayoutEffect(() => {
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
