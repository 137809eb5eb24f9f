import { useContext } from 'react';
import { sharedContext } from './sharedContext';
import type { PageData, SidebarItem } from '../types';

export interface RouteState {
  page: PageData;
  /** The docs sidebar of page.sidebarId, or null. */
  sidebar: SidebarItem[] | null;
}

export const RouteContext = sharedContext<RouteState | null>('route', null);

/** The page being shown and its sidebar; changes on every client-side navigation. */
export function useRoute(): RouteState {
  const route = useContext(RouteContext);
  if (!route) throw new Error('useRoute() must be used inside <Root>');
  return route;
}
