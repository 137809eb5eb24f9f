/** A stylesheet that has neither loaded nor failed after this long counts as failed (SPEC 9). */
export const STYLESHEET_TIMEOUT_MS = 60_000;

const loaded = new Map<string, Promise<void>>();

/** Adds a route's stylesheet once; rejects on error or time-out so the route shows its retry. */
export function loadStylesheet(href: string, timeoutMs = STYLESHEET_TIMEOUT_MS): Promise<void> {
  const existing = loaded.get(href);
  if (existing) return existing;
  const promise = new Promise<void>((resolve, reject) => {
    if (document.querySelector(`link[rel="stylesheet"][href="${CSS.escape(href)}"]`)) {
      resolve();
      return;
    }
    const link = document.createElement('link');
    link.rel = 'stylesheet';
    link.href = href;
    const timer = window.setTimeout(() => {
      link.remove();
      reject(new Error(`Stylesheet ${href} did not load within ${timeoutMs} ms`));
    }, timeoutMs);
    link.onload = () => {
      window.clearTimeout(timer);
      resolve();
    };
    link.onerror = () => {
      window.clearTimeout(timer);
      link.remove();
      reject(new Error(`Stylesheet ${href} failed to load`));
    };
    document.head.appendChild(link);
  });
  // A failure is not cached: the retry reloads the page anyway, and a later visit may succeed.
  promise.catch(() => loaded.delete(href));
  loaded.set(href, promise);
  return promise;
}
