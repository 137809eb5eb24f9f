/** Pure helpers deciding how a link is followed. */

/** A URL with a scheme (https:, mailto:…) or protocol-relative: leaves the site. */
export function isExternalHref(href: string): boolean {
  return /^([a-z][a-z\d+.-]*:|\/\/)/i.test(href);
}

/**
 * A path inside the site that the client router may handle: under baseUrl and not a file
 * such as /assets/guia.pdf (only extension-less routes and .html pages are routes).
 */
export function isInternalRoute(href: string, baseUrl: string): boolean {
  if (!href || isExternalHref(href)) return false;
  if (href.startsWith('#') || href.startsWith('?')) return true;
  if (!href.startsWith('/')) return true; // relative: resolved against the current route
  const path = href.split(/[?#]/)[0];
  if (!(path + '/').startsWith(baseUrl)) return false;
  const last = path.slice(path.lastIndexOf('/') + 1);
  return !last.includes('.') || last.endsWith('.html');
}

/**
 * Route path of a URL path, as the route manifest keys it: no trailing slash,
 * index.html and .html normalised to the bare path (SPEC 2), '/' kept for the root.
 */
export function normalizeRoutePath(pathname: string): string {
  let path = pathname.replace(/\/index\.html$/, '/').replace(/\.html$/, '');
  try {
    path = decodeURI(path);
  } catch {
    // A malformed escape stays as it is; the manifest lookup then misses and the server decides.
  }
  if (path.length > 1) path = path.replace(/\/+$/, '');
  return path || '/';
}
