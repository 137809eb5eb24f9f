import type { PageData, RenderInput, SidebarItem } from '../types';
import type { Runtime } from '../hooks/useRuntime';
import { normalizeRoutePath } from '../components/Link/href';
import type { RouteLoader } from './routeLoader';
import { canPrefetch } from './prefetch';

/** A navigation faster than this shows no progress bar (SPEC 9). */
export const PROGRESS_DELAY_MS = 200;

export type ScrollIntent =
  | { type: 'none' }
  | { type: 'top' }
  /** The fragment as the URL has it (scrollToHash decodes it once). */
  | { type: 'hash'; id: string }
  | { type: 'restore'; y: number };

/** Everything the layout needs to show one route. */
export interface View {
  page: PageData;
  sidebar: SidebarItem[] | null;
  Content?: RenderInput['Content'];
  chunkError?: unknown;
  scroll: ScrollIntent;
}

interface RouterOptions {
  loader: RouteLoader;
  initial: View;
  onView(view: View): void;
  onLoading(loading: boolean): void;
}

interface HistoryState {
  scrollY?: number;
}

/**
 * Client-side navigation over the History API: load the route (manifest → chunk + sidebar),
 * then push the URL and render, restoring scroll on back/forward. A path missing from the
 * manifest is loaded from the server; a chunk that fails shows the retry page.
 */
export function createRouter({ loader, initial, onView, onLoading }: RouterOptions): Runtime & { start(): () => void } {
  let view = initial;
  let navigation = 0;

  function saveScroll() {
    const state = (history.state ?? {}) as HistoryState;
    history.replaceState({ ...state, scrollY: window.scrollY }, '');
  }

  async function go(url: URL, mode: 'push' | 'pop') {
    const id = ++navigation;
    const timer = window.setTimeout(() => id === navigation && onLoading(true), PROGRESS_DELAY_MS);
    const show = (next: Omit<View, 'scroll'>) => {
      if (mode === 'push') {
        saveScroll();
        history.pushState({}, '', url.href);
      }
      view = { ...next, scroll: scrollIntent(url, mode) };
      onView(view);
    };
    try {
      const route = await loader.load(normalizeRoutePath(url.pathname));
      if (id !== navigation) return; // a newer navigation won
      if (!route) {
        // Not a client route (redirect, 404, another build): let the server answer.
        if (mode === 'push') window.location.assign(url.href);
        else window.location.reload();
        return;
      }
      show({ page: route.module.page, sidebar: route.sidebar, Content: route.module.default });
    } catch (error) {
      if (id !== navigation) return;
      // Keep the URL of the route asked for, so the retry button reloads that route.
      show({ page: view.page, sidebar: null, chunkError: error });
    } finally {
      window.clearTimeout(timer);
      if (id === navigation) onLoading(false);
    }
  }

  function navigate(href: string) {
    const url = new URL(href, window.location.href);
    if (url.origin !== window.location.origin) {
      window.location.assign(url.href);
      return;
    }
    const samePage = normalizeRoutePath(url.pathname) === view.page.path && url.search === window.location.search;
    if (samePage && url.hash) {
      window.location.hash = url.hash; // the browser scrolls; the navbar hides on hashchange
      return;
    }
    void go(url, 'push');
  }

  function prefetch(href: string) {
    if (!canPrefetch()) return;
    const url = new URL(href, window.location.href);
    if (url.origin !== window.location.origin) return;
    loader.preload(normalizeRoutePath(url.pathname)).catch(() => undefined);
  }

  function start() {
    // We restore scroll ourselves once the new route has rendered.
    history.scrollRestoration = 'manual';
    let debounce = 0;
    const onScroll = () => {
      window.clearTimeout(debounce);
      debounce = window.setTimeout(saveScroll, 150);
    };
    const onPop = () => {
      const url = new URL(window.location.href);
      if (normalizeRoutePath(url.pathname) === view.page.path && !view.chunkError) {
        const y = (history.state as HistoryState | null)?.scrollY;
        if (url.hash) scrollToHash(url.hash.slice(1));
        else if (y !== undefined) window.scrollTo(0, y);
        return;
      }
      void go(url, 'pop');
    };
    window.addEventListener('scroll', onScroll, { passive: true });
    window.addEventListener('popstate', onPop);
    window.addEventListener('pagehide', saveScroll);
    return () => {
      window.removeEventListener('scroll', onScroll);
      window.removeEventListener('popstate', onPop);
      window.removeEventListener('pagehide', saveScroll);
    };
  }

  return { navigate, prefetch, start, loadSidebarItems: (url: string) => loader.loadSidebarItems(url) };
}

function scrollIntent(url: URL, mode: 'push' | 'pop'): ScrollIntent {
  if (mode === 'pop') {
    const y = (history.state as HistoryState | null)?.scrollY;
    if (y !== undefined) return { type: 'restore', y };
  }
  if (url.hash) return { type: 'hash', id: url.hash.slice(1) };
  return { type: 'top' };
}

function decodeHash(hash: string): string {
  try {
    return decodeURIComponent(hash);
  } catch {
    return hash;
  }
}

/** Scrolls to an anchor after a route renders; the top when the heading does not exist. */
export function scrollToHash(id: string): void {
  const target = document.getElementById(decodeHash(id));
  if (target) target.scrollIntoView();
  else window.scrollTo(0, 0);
}

/** Applies a view's scroll intent; called once the view is in the DOM. */
export function applyScroll(intent: ScrollIntent): void {
  if (intent.type === 'top') window.scrollTo(0, 0);
  else if (intent.type === 'restore') window.scrollTo(0, intent.y);
  else if (intent.type === 'hash') scrollToHash(intent.id);
}
