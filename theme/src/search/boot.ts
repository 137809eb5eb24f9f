import { pageLocations, readBootData } from '../client/current-build';

/**
 * URL of the search index of the page the browser loaded, read from its boot data on demand:
 * only a search interaction needs it. A built page finds it in its build's `current.json`
 * (asynchronously); null on the server, on a page without boot data, or when the site has no
 * index.
 */
export function readSearchIndexUrl(): string | null | Promise<string | null> {
  const boot = readBootData();
  if (!boot) return null;
  if (!boot.current) return boot.searchIndex ?? null;
  return pageLocations(boot).then((where) => where.searchIndex);
}
