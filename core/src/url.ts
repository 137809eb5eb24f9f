/**
 * URL rules shared by the engine (routes, link check), `docgen dev`, `docgen serve` and the
 * theme's router. One copy: four normalisers that disagreed (one trailing slash stripped or
 * all, decode before or after the suffix) made the same URL a page in one place and a 404 in
 * another.
 *
 * A route path is decoded, starts with '/', has no trailing slash (except '/' itself), no
 * `index.html`/`.html` suffix, no empty or dot segments.
 */

/** '/' → '', '/base/' → '/base': the prefix every route path starts with. */
export const basePrefix = (baseUrl: string): string => baseUrl.replace(/\/+$/, '');

/**
 * `s` without its trailing slashes. Not `/\/+$/`: V8 tries that pattern from every slash of
 * the string, which made it a tenth of building 10,000 routes.
 */
function trimTrailingSlashes(s: string): string {
  let end = s.length;
  while (end > 0 && s.charCodeAt(end - 1) === 47) end--;
  return end === s.length ? s : s.slice(0, end);
}

/** Joins URL segments into a route path without trailing slash ('/' for the root). */
export function joinRoute(...parts: string[]): string {
  // Empty parts add only slashes, which are collapsed anyway: leaving them out spares most
  // joins the regex below (a base and a locale prefix are usually '').
  let joined = parts.filter((p) => p !== '').join('/');
  if (joined.includes('//')) joined = joined.replace(/\/{2,}/g, '/');
  joined = trimTrailingSlashes(joined);
  return joined.startsWith('/') ? joined || '/' : `/${joined}`;
}

/**
 * Percent-escapes decoded (`%C3%A7` → `ç`). Reserved characters (`%2F`, `%3F`, `%23`) stay
 * encoded, as `decodeURI` leaves them; a malformed escape leaves the path as it was, so it
 * matches no route.
 */
export function decodePathname(pathname: string): string {
  try {
    return decodeURI(pathname);
  } catch {
    return pathname;
  }
}

/**
 * The route path of an already decoded URL path: `index.html` and `.html` forms, trailing
 * and repeated slashes, `.` and `..` segments (never above the root) are resolved.
 */
export function canonicalRoutePath(decoded: string): string {
  const out: string[] = [];
  const segments = decoded.replace(/\/index\.html$/, '/').replace(/\.html$/, '').split('/');
  for (const segment of segments) {
    if (segment === '' || segment === '.') continue;
    if (segment === '..') out.pop();
    else out.push(segment);
  }
  return `/${out.join('/')}`;
}

/** A URL path as written (encoded or not) → its route path. */
export const normalizeRoutePath = (pathname: string): string => canonicalRoutePath(decodePathname(pathname));

/**
 * A decoded path made safe for an HTTP header such as `Location` or an `href`: every
 * character outside URL syntax percent-encoded as UTF-8 (accents, U+2014…), `%` included,
 * so decoding it gives back exactly `decoded`.
 */
export const encodePathname = (decoded: string): string => encodeURI(decoded).replace(/[?#]/g, encodeURIComponent);

/** A URL with a scheme (https:, mailto:…) or protocol-relative (`//host/…`): leaves the site. */
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
 * An absolute path written without the site's baseUrl gets it, as Docusaurus's Link adds it:
 * with baseUrl '/docs/', '/intro' is '/docs/intro' and '/docs/intro' stays as it is.
 */
export function withBaseUrl(href: string, baseUrl: string): string {
  if (baseUrl === '/' || !href.startsWith('/') || href.startsWith('//')) return href;
  const base = basePrefix(baseUrl);
  const path = href.split(/[?#]/)[0];
  if (path === base || path.startsWith(`${base}/`)) return href;
  return base + href;
}

/**
 * A sidebar href or route path without query, hash or trailing slash: how the theme decides
 * which categories hold a page, and the engine which split-sidebar files a page needs.
 */
export function stripRoute(p: string): string {
  const bare = p.split(/[?#]/)[0];
  return bare.length > 1 ? bare.replace(/\/+$/, '') : bare;
}
