import { manifestShardUrl } from '@docgen/core/shard';
import type { RouteManifest, RouteModule, SidebarItem } from '../types';
import { assembleSidebar } from './sidebar';
import { loadStylesheet } from './stylesheet';
import type { PageLocations } from './current-build';

/** Where the manifest is: a fixed URL (dev, tests), or looked up once (a built page's current.json). */
export type ManifestSource = string | (() => Promise<Pick<PageLocations, 'manifest' | 'manifestShards' | 'stale'>>);

export interface LoadedRoute {
  module: RouteModule;
  sidebar: SidebarItem[] | null;
}

/**
 * Fetches what a route needs: the manifest (once, on the first navigation intent; on large
 * sites only the shard listing the path), the route's chunk, its sidebar JSON (cached per
 * URL: many routes share one sidebar, and a split one shares most of its files) and its
 * stylesheets. A page loaded before the site was built again (`stale`) knows no route: its
 * links then load from the server, as the new build's chunks cannot run with its old client.
 */
export function createRouteLoader(source: ManifestSource, manifestShards?: number) {
  const locate = typeof source === 'string' ? () => Promise.resolve({ manifest: source, manifestShards, stale: false }) : source;
  const manifests = new Map<string, Promise<RouteManifest>>();
  const files = new Map<string, Promise<SidebarItem[]>>();
  /** Sidebar files that have arrived (a split sidebar's category files: see assembleSidebar). */
  const nodes = new Map<string, SidebarItem[]>();
  const preloaded = new Set<string>();

  async function getManifest(path: string): Promise<RouteManifest> {
    const where = await locate();
    if (where.stale) return {};
    const url = manifestShardUrl(where.manifest, where.manifestShards, path);
    let manifest = manifests.get(url);
    if (!manifest) {
      manifest = fetchJson<RouteManifest>(url);
      manifest.catch(() => manifests.delete(url)); // a later intent tries again
      manifests.set(url, manifest);
    }
    return manifest;
  }

  function getFile(url: string): Promise<SidebarItem[]> {
    let file = files.get(url);
    if (!file) {
      file = fetchJson<SidebarItem[]>(url);
      file.then((items) => nodes.set(url, items), () => files.delete(url));
      files.set(url, file);
    }
    return file;
  }

  async function getSidebar(url: string | null, branch: string[] = []): Promise<SidebarItem[] | null> {
    if (!url) return null;
    const [top] = await Promise.all([url, ...branch].map(getFile));
    return assembleSidebar(top, nodes);
  }

  return {
    getSidebar,
    /** The items of a collapsed category of a split sidebar, when the reader opens it. */
    loadSidebarItems: getFile,
    /** Resolves to null when the path is not a known route (the server then decides). */
    async load(path: string): Promise<LoadedRoute | null> {
      const entry = (await getManifest(path))[path];
      if (!entry) return null;
      const [module, sidebar] = await Promise.all([
        import(/* @vite-ignore */ entry.chunk) as Promise<RouteModule>,
        getSidebar(entry.sidebar, entry.sidebarBranch),
        ...(entry.css ?? []).map((href) => loadStylesheet(href)),
      ]);
      return { module, sidebar };
    },
    /** Warms a route without running it: modulepreload for the chunk, the sidebar into the cache. */
    async preload(path: string): Promise<void> {
      const entry = (await getManifest(path))[path];
      if (!entry || preloaded.has(path)) return;
      preloaded.add(path);
      const link = document.createElement('link');
      link.rel = 'modulepreload';
      link.href = entry.chunk;
      document.head.appendChild(link);
      getSidebar(entry.sidebar, entry.sidebarBranch).catch(() => undefined);
    },
  };
}

export type RouteLoader = ReturnType<typeof createRouteLoader>;

/** Same request mode as the engine's <link rel="preload" as="fetch" crossorigin="use-credentials">, so a preload is reused. */
async function fetchJson<T>(url: string): Promise<T> {
  const response = await fetch(url, { credentials: 'include' });
  if (!response.ok) throw new Error(`${url}: HTTP ${response.status}`);
  return (await response.json()) as T;
}
