import { useEffect, useRef, type AnchorHTMLAttributes, type MouseEvent } from 'react';
import { useRuntime } from '../../hooks/useRuntime';
import { useSite } from '../../hooks/useSite';
import { translate } from '../../i18n/translate';
import { isExternalHref, isInternalRoute, withBaseUrl } from './href';

export type LinkProps = AnchorHTMLAttributes<HTMLAnchorElement> & {
  /** Visually hidden "(opens in a new tab)" note on external links; off for icon-only links. */
  externalHint?: boolean;
};

/**
 * An anchor that navigates client-side inside the site and prefetches its route on intent
 * (hover, focus, touch, or entering the viewport). External links open in a new tab.
 */
export function Link({ href: written = '', onClick, externalHint = true, children, ...rest }: LinkProps) {
  const runtime = useRuntime();
  const { baseUrl } = useSite();
  const href = withBaseUrl(written, baseUrl);
  const ref = useRef<HTMLAnchorElement>(null);
  const external = isExternalHref(href);
  const internal = !external && isInternalRoute(href, baseUrl);

  // Prefetch links as they scroll into view; the runtime skips slow connections.
  useEffect(() => {
    const el = ref.current;
    if (!runtime || !internal || !el || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver((entries) => {
      if (entries.some((e) => e.isIntersecting)) {
        observer.disconnect();
        runtime.prefetch(href);
      }
    });
    observer.observe(el);
    return () => observer.disconnect();
  }, [runtime, internal, href]);

  const handleClick = (event: MouseEvent<HTMLAnchorElement>) => {
    onClick?.(event);
    if (!runtime || !internal || event.defaultPrevented) return;
    if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    if (rest.target && rest.target !== '_self') return;
    if (isSamePageAnchor(href)) return; // the browser scrolls to the anchor by itself
    event.preventDefault();
    runtime.navigate(href);
  };
  const warm = internal && runtime ? () => runtime.prefetch(href) : undefined;

  if (external) {
    return (
      <a href={href} target="_blank" rel="noopener noreferrer" {...rest}>
        {children}
        {externalHint && <span className="dg-sr-only"> {translate('link.externalHint')}</span>}
      </a>
    );
  }
  return (
    <a ref={ref} href={href} onClick={handleClick} onMouseEnter={warm} onFocus={warm} onTouchStart={warm} {...rest}>
      {children}
    </a>
  );
}

function isSamePageAnchor(href: string): boolean {
  if (href.startsWith('#')) return true;
  const url = new URL(href, window.location.href);
  return Boolean(url.hash) && url.pathname === window.location.pathname && url.search === window.location.search;
}
