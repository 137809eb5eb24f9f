import type { RouteManifest, RouteModule, SidebarItem } from '../types';
import { loadStylesheet } from './stylesheet';

export interface LoadedRoute {
  module: RouteModule;
  sidebar: SidebarItem[] | null;
}

/**
 * Fetches what a route needs: the manifest (once, on the first navigation intent), the route's
 * chunk, its sidebar JSON (cached per URL: many routes share one sidebar) and its stylesheets.
 */
export function createRouteLoader(manifestUrl: string) {
  let manifest: Promise<RouteManifest> | null = null;
  const sidebars = new Map<string, Promise<SidebarItem[]>>();
  const preloaded = new Set<string>();

  function getManifest(): Promise<RouteManifest> {
    if (!manifest) {
      manifest = fetchJson<RouteManifest>(manifestUrl);
      manifest.catch(() => (manifest = null)); // a later intent tries again
    }
    return manifest;
  }

  function getSidebar(url: string | null): Promise<SidebarItem[] | null> {
    if (!url) return Promise.resolve(null);
    let sidebar = sidebars.get(url);
    if (!sidebar) {
      sidebar = fetchJson<SidebarItem[]>(url);
      sidebar.catch(() => sidebars.delete(url));
      sidebars.set(url, sidebar);
    }
    return sidebar;
  }

  return {
    getManifest,
    /** Seeds the cache with the sidebar the first page already has. */
    primeSidebar(url: string, items: SidebarItem[]) {
      sidebars.set(url, Promise.resolve(items));
    },
    /** Resolves to null when the path is not a known route (the server then decides). */
    async load(path: string): Promise<LoadedRoute | null> {
      const entry = (await getManifest())[path];
      if (!entry) return null;
      const [module, sidebar] = await Promise.all([
        import(/* @vite-ignore */ entry.chunk) as Promise<RouteModule>,
        getSidebar(entry.sidebar),
        ...(entry.css ?? []).map((href) => loadStylesheet(href)),
      ]);
      return { module, sidebar };
    },
    /** Warms a route without running it: modulepreload for the chunk, the sidebar into the cache. */
    async preload(path: string): Promise<void> {
      const entry = (await getManifest())[path];
      if (!entry || preloaded.has(path)) return;
      preloaded.add(path);
      const link = document.createElement('link');
      link.rel = 'modulepreload';
      link.href = entry.chunk;
      document.head.appendChild(link);
      getSidebar(entry.sidebar).catch(() => undefined);
    },
  };
}

export type RouteLoader = ReturnType<typeof createRouteLoader>;

async function fetchJson<T>(url: string): Promise<T> {
  const response = await fetch(url, { credentials: 'include' });
  if (!response.ok) throw new Error(`${url}: HTTP ${response.status}`);
  return (await response.json()) as T;
}
