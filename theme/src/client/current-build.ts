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
 * earlier deploy is never used. (A dev page carries the URLs itself.)
 */
export function pageLocations(boot: Partial<BootData> & { current: string }): Promise<PageLocations> {
  let pending = currents.get(boot.current);
  if (!pending) {
    pending = fetch(boot.current, { credentials: 'include', cache: 'no-cache' }).then((r) => (r.ok ? r.json() : Promise.reject(new Error(`${boot.current}: ${r.status}`))));
    pending.catch(() => currents.delete(boot.current)); // a later navigation or search tries again
    currents.set(boot.current, pending);
  }
  return pending.then((current) => ({
    manifest: current.manifest,
    manifestShards: current.manifestShards,
    searchIndex: (boot.searchKey && current.searchIndexes[boot.searchKey]) || null,
    stale: current.build !== boot.build,
  }));
}
