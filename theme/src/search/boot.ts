import type { BootData } from '../types';

/**
 * URL of the search index of the page the browser loaded (BootData.searchIndex), read from
 * the boot script on demand: only a search interaction needs it. Null on the server, on a
 * page without boot data, or when the site has no index.
 */
export function readSearchIndexUrl(): string | null {
  if (typeof document === 'undefined') return null;
  const el = document.getElementById('__docgen_boot');
  if (!el?.textContent) return null;
  try {
    return (JSON.parse(el.textContent) as Partial<BootData>).searchIndex ?? null;
  } catch {
    return null;
  }
}
