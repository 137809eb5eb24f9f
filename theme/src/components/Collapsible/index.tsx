import { useRef, type ReactNode } from 'react';
import { useIsomorphicLayoutEffect } from '../../hooks/useIsomorphicLayoutEffect';
import { prefersReducedMotion } from '../../hooks/useMediaQuery';

/**
 * Animation time for a height change: taller content takes longer, but sub-linearly so long
 * lists do not crawl (the curve Material Design uses for auto-height transitions).
 * Under prefers-reduced-motion the change is practically instant (SPEC 9).
 */
export function collapseDuration(height: number, reducedMotion = prefersReducedMotion()): number {
  if (reducedMotion) return 1;
  const constant = height / 36;
  return Math.round((4 + 15 * constant ** 0.25 + constant / 5) * 10);
}

interface CollapsibleProps {
  collapsed: boolean;
  id?: string;
  as?: 'div' | 'ul';
  className?: string;
  children: ReactNode;
}

/**
 * Content that slides open and shut. Collapsed content is `hidden`, so its links leave the
 * tab order and assistive tech skips them; the first render needs no script (SSR).
 */
export function Collapsible({ collapsed, id, as: Tag = 'div', className, children }: CollapsibleProps) {
  const ref = useRef<HTMLElement | null>(null);
  const first = useRef(true);

  useIsomorphicLayoutEffect(() => {
    const el = ref.current;
    if (first.current || !el) {
      first.current = false;
      return;
    }
    // A nested list's transitionend bubbles up here: only this element's own ends its slide.
    const finish = (event?: Event) => {
      if (event && event.target !== el) return;
      // An empty value removes the inline property.
      el.style.height = el.style.overflow = el.style.transition = '';
      if (collapsed) el.hidden = true;
    };
    el.hidden = false;
    const full = el.scrollHeight;
    const duration = collapseDuration(full);
    el.style.overflow = 'hidden';
    el.style.height = `${collapsed ? full : 0}px`;
    void el.offsetHeight; // commit the start height so the transition runs
    el.style.transition = `height ${duration}ms ease-in-out`;
    el.style.height = `${collapsed ? 0 : full}px`;
    const timer = window.setTimeout(finish, duration + 50); // transitionend may never fire (hidden tab)
    el.addEventListener('transitionend', finish);
    return () => {
      window.clearTimeout(timer);
      el.removeEventListener('transitionend', finish);
    };
  }, [collapsed]);

  return (
    <Tag ref={ref as never} id={id} className={className} hidden={collapsed}>
      {children}
    </Tag>
  );
}
