/**
 * The browser side of `docgen dev`: listens on the live-update channel, hands route updates
 * to the theme's runtime (`docgen:route-update`, theme/src/client/live-update.ts), shows the
 * error overlay and reloads when only a reload can show the change.
 */
import { ROUTE_UPDATE_EVENT, type RouteUpdate } from '@docgen/core/live-update';
import type { DevMessage as Message, DevProblem as OverlayProblem } from '../messages.js';
import { DEV_EVENTS_PATH } from '../urls.js';
import { showProblems } from './overlay';

/** This document is the dev error page: it has no app to update, so any news reloads it. */
const isErrorPage = document.querySelector('meta[name="docgen-dev-error"]') !== null;
/** What this page shows now (from its boot data, then from each update of its route). */
let shown = readBoot();
let serverId: string | null = null;

const events = new EventSource(DEV_EVENTS_PATH);
events.onmessage = (event) => {
  const message = JSON.parse(event.data) as Message;
  switch (message.type) {
    case 'hello':
      // Another id: the server restarted since this page loaded, and may serve other code.
      if (serverId !== null && serverId !== message.id) return location.reload();
      serverId = message.id;
      problems(message.problems, false);
      if (message.manifest) void catchUp(message.manifest);
      return;
    case 'problems':
      return problems(message.problems, true);
    case 'update':
      if (isErrorPage) return location.reload();
      if (message.removed.includes(currentPath())) return location.reload();
      for (const route of message.routes) dispatch(route, message.manifest);
      return;
    case 'reload':
      console.info(`[docgen] reloading: ${message.reason}`);
      return location.reload();
  }
};

function dispatch(route: RouteUpdate, manifest: string) {
  if (route.path === shown?.path) shown = route;
  window.dispatchEvent(new CustomEvent(ROUTE_UPDATE_EVENT, { detail: { ...route, manifest } }));
}

function problems(list: OverlayProblem[], changed: boolean) {
  if (isErrorPage && changed && list.length === 0) return location.reload();
  showProblems(list);
  for (const p of list) console.error(`[docgen] ${p.text}`);
}

/**
 * A change saved between this page's load and the channel's (re)connection is not lost.
 * (After a client-side navigation the route came from the current manifest: nothing to do.)
 */
async function catchUp(manifestUrl: string) {
  if (!shown || shown.path !== currentPath()) return;
  const response = await fetch(manifestUrl, { credentials: 'same-origin' }).catch(() => null);
  if (!response?.ok) return;
  const entry = ((await response.json()) as Record<string, { chunk: string; sidebar: string | null }>)[shown.path];
  if (!entry) return location.reload();
  if (entry.chunk !== shown.chunk || entry.sidebar !== shown.sidebar) dispatch({ path: shown.path, ...entry }, manifestUrl);
}

/** The route path of this page as PageData.path writes it (no trailing slash). */
function currentPath(): string {
  let p = location.pathname;
  try {
    p = decodeURI(p);
  } catch {
    // keep it encoded: it then matches no route
  }
  return p.length > 1 ? p.replace(/\/+$/, '') : p;
}

function readBoot(): RouteUpdate | null {
  try {
    const boot = JSON.parse(document.getElementById('__docgen_boot')?.textContent ?? '') as { page?: { path: string }; chunk?: string; sidebar?: string | null };
    return boot.page && boot.chunk ? { path: boot.page.path, chunk: boot.chunk, sidebar: boot.sidebar ?? null } : null;
  } catch {
    return null; // the login shell and the error page have no route
  }
}
