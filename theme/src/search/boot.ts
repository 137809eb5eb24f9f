import type { BootData } from '../types';
import { pageLocations } from '../client/current-build';

/**
 * URL of the search index of the page the browser loaded, read from its boot data on demand:
 * only a search interaction needs it. A built page finds it in its build's `current.json`
 * (asynchronously); null on the server, on a page without boot data, or when the site has no
 * index.
 */
export function readSearchIndexUrl(): string | null | Promise<string | null> {
  if (typeof document === 'undefined') return null;
  const el = document.getElementById('__docgen_boot');
  if (!el?.textContent) return null;
  let boot: Partial<BootData>;
  try {
    boot = JSON.parse(el.textContent) as Partial<BootData>;
  } catch {
    return null;
  }
  const { current } = boot;
  return current ? pageLocations({ ...boot, current }).then((where) => where.searchIndex) : boot.searchIndex ?? null;
}
