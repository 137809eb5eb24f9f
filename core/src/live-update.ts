/**
 * The live-update contract between `docgen dev` (its client script dispatches the event)
 * and the theme's runtime (which re-renders the route on screen). A production page never
 * receives it.
 */
export const ROUTE_UPDATE_EVENT = 'docgen:route-update';

/** One changed route, as the dev server announces it. */
export interface RouteUpdate {
  /** Route path, as in PageData.path. */
  path: string;
  /** New URL of the route's chunk (dev chunk URLs change with every version). */
  chunk: string;
  /** New URL of the route's sidebar JSON, or null. */
  sidebar: string | null;
}

/** The event's detail: the update plus the URL of the current route manifest. */
export interface RouteUpdateDetail extends RouteUpdate {
  manifest?: string;
}
