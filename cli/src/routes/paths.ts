import path from 'node:path';

/** '/' → '', '/base/' → '/base': the prefix every route path starts with. */
export const basePrefix = (baseUrl: string) => baseUrl.replace(/\/+$/, '');

/** Joins URL segments into a route path without trailing slash ('/' for the root). */
export function joinRoute(...parts: string[]): string {
  const joined = parts.join('/').replace(/\/{2,}/g, '/').replace(/\/+$/, '');
  return joined.startsWith('/') ? joined || '/' : `/${joined}`;
}

/**
 * Route path → output HTML file, relative to the output folder. Throws on a path that
 * would escape the output folder (a hostile or mistaken slug).
 */
export function routeToHtmlFile(routePath: string): string {
  const decoded = routePath.split('/').filter(Boolean);
  if (decoded.some((s) => s === '..' || s === '.' || s.includes('\\') || s.includes('\0'))) {
    throw new Error(`Route "${routePath}" would be written outside the output folder`);
  }
  return decoded.length === 0 ? 'index.html' : path.posix.join(...decoded, 'index.html');
}

/**
 * A link as written in a page → the route path it targets, or null for external links.
 * Strips index.html/.html forms and trailing slashes; decodes percent-escapes.
 */
export function normalizeRoutePath(pathname: string): string {
  let p = pathname;
  try {
    p = decodeURI(p);
  } catch {
    /* keep the raw form: it will not match any route and is reported as broken */
  }
  p = p.replace(/\/index\.html$/, '/').replace(/\.html$/, '');
  return p.length > 1 ? p.replace(/\/+$/, '') || '/' : p || '/';
}
