import { useContext } from 'react';
import { sharedContext } from './sharedContext';
import type { SidebarItem } from '../types';

/**
 * What the browser runtime offers components: client-side navigation and prefetching.
 * Null while rendering on the server (links are then plain anchors).
 */
export interface Runtime {
  /** Navigates client-side to an internal URL (falls back to a full page load when needed). */
  navigate(href: string): void;
  /** Warms the route's chunk and sidebar (skipped on 2g and data-saver connections). */
  prefetch(href: string): void;
  /** The items of a collapsed category of a split (large) sidebar: its `itemsUrl` file. */
  loadSidebarItems?(url: string): Promise<SidebarItem[]>;
}

export const RuntimeContext = sharedContext<Runtime | null>('runtime', null);

export function useRuntime(): Runtime | null {
  return useContext(RuntimeContext);
}
