import { useEffect, useRef } from 'react';
import { ROUTE_UPDATE_EVENT, type RouteUpdateDetail } from '@docgen/core/live-update';
import type { RouteModule, SidebarItem } from '../types';
import { createRouteLoader, type RouteLoader } from './routeLoader';
import type { View } from './router';

/**
 * Live updates from `docgen dev`. Its client script dispatches this event on window when a
 * route changed on disk; a production page never receives it, so this costs nothing there.
 */
export { ROUTE_UPDATE_EVENT, type RouteUpdateDetail } from '@docgen/core/live-update';

/**
 * Re-imports the chunk of the route on screen when it changes and re-renders it in place:
 * no reload, so the scroll position and the rest of the page state stay. Later navigations
 * must not reuse the manifest the loader cached before the change, so the loader is pointed
 * at the new manifest (same loader object: the router keeps its reference).
 */
export function useLiveUpdate(view: View, setView: (view: View) => void, loader: RouteLoader): void {
  const current = useRef(view);
  current.current = view;
  useEffect(() => {
    let manifest: string | undefined;
    let latest = 0;
    const onUpdate = (event: Event) => {
      const detail = (event as CustomEvent<RouteUpdateDetail>).detail;
      if (!detail) return;
      if (detail.manifest && detail.manifest !== manifest) {
        manifest = detail.manifest;
        Object.assign(loader, createRouteLoader(detail.manifest));
      }
      if (detail.path !== current.current.page.path) return;
      // Two saves in a row: only the newest one may render.
      const id = ++latest;
      Promise.all([
        import(/* @vite-ignore */ detail.chunk) as Promise<RouteModule>,
        detail.sidebar ? fetchSidebar(detail.sidebar) : Promise.resolve(null),
      ]).then(
        ([module, sidebar]) => {
          if (id !== latest || module.page.path !== current.current.page.path) return;
          setView({ page: module.page, sidebar, Content: module.default, scroll: { type: 'none' } });
        },
        (error: unknown) => console.error('docgen: live update failed; reload the page', error),
      );
    };
    window.addEventListener(ROUTE_UPDATE_EVENT, onUpdate);
    return () => window.removeEventListener(ROUTE_UPDATE_EVENT, onUpdate);
  }, [loader, setView]);
}

async function fetchSidebar(url: string): Promise<SidebarItem[]> {
  const response = await fetch(url, { credentials: 'same-origin' });
  if (!response.ok) throw new Error(`${url}: HTTP ${response.status}`);
  return (await response.json()) as SidebarItem[];
}
