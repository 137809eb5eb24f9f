import type { Route } from './build-routes.js';

/** The file a route comes from (site-relative), for messages; the route path for generated pages. */
export function sourceFileOf(route: Route): string {
  const s = route.source;
  return s?.kind === 'mdx' ? s.doc.siteRelativePath : s?.kind === 'module' ? s.page.siteRelativePath : route.path;
}
