import type { BootData, CurrentBuild } from '../types';

/** Where a page finds the route manifest and its search index at run time. */
export interface PageLocations {
  manifest: string;
  manifestShards?: number;
  searchIndex: string | null;
  /** The site was built again since this page was loaded: its client cannot load the new chunks. */
  stale: boolean;
}

const currents = new Map<string, Promise<CurrentBuild>>();

/**
 * A built page names its build's `current.json` (BootData.current), whose name never changes:
 * it is fetched once per page load, revalidated (`no-cache`) so that a cached copy from an
 * earlier deploy is never used. A page without it (`docgen dev`) carries the URLs itself.
 */
export function pageLocations(boot: Partial<BootData>): Promise<PageLocations> {
  const fixed = (): PageLocations => ({ manifest: boot.manifest ?? '', manifestShards: boot.manifestShards, searchIndex: boot.searchIndex ?? null, stale: false });
  if (!boot.current) return Promise.resolve(fixed());
  return fetchCurrent(boot.current).then((current) => ({
    manifest: current.manifest,
    ...(current.manifestShards ? { manifestShards: current.manifestShards } : {}),
    searchIndex: (boot.searchKey && current.searchIndexes[boot.searchKey]) || null,
    stale: current.build !== boot.build,
  }));
}

function fetchCurrent(url: string): Promise<CurrentBuild> {
  let pending = currents.get(url);
  if (!pending) {
    pending = fetch(url, { credentials: 'include', cache: 'no-cache' }).then((response) => {
      if (!response.ok) throw new Error(`docgen: ${url} answered ${response.status}`);
      return response.json() as Promise<CurrentBuild>;
    });
    pending.catch(() => currents.delete(url)); // a later navigation or search tries again
    currents.set(url, pending);
  }
  return pending;
}

/** The boot data of the page the browser loaded (null on the server or a page without it). */
export function readBootData(): Partial<BootData> | null {
  if (typeof document === 'undefined') return null;
  const el = document.getElementById('__docgen_boot');
  if (!el?.textContent) return null;
  try {
    return JSON.parse(el.textContent) as Partial<BootData>;
  } catch {
    return null;
  }
}
