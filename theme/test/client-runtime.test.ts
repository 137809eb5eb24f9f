// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { isExternalHref, isInternalRoute, normalizeRoutePath } from '../src/components/Link/href';
import { canPrefetch } from '../src/client/prefetch';
import { applyScroll, createRouter, PROGRESS_DELAY_MS, type View } from '../src/client/router';
import type { RouteLoader } from '../src/client/routeLoader';
import { makePage } from './support/render';

describe('link helpers', () => {
  it('tells external links, internal routes and files apart', () => {
    expect(isExternalHref('https://meta.com')).toBe(true);
    expect(isExternalHref('mailto:a@b.c')).toBe(true);
    expect(isExternalHref('//cdn.example/x')).toBe(true);
    expect(isExternalHref('/docs/intro')).toBe(false);
    expect(isInternalRoute('/docs/intro', '/')).toBe(true);
    expect(isInternalRoute('/docs/intro.html', '/')).toBe(true);
    expect(isInternalRoute('/assets/guia.pdf', '/')).toBe(false);
    expect(isInternalRoute('/outro/docs', '/site/')).toBe(false);
    expect(isInternalRoute('/site', '/site/')).toBe(true);
  });

  it('normalises paths the way the manifest keys them', () => {
    expect(normalizeRoutePath('/docs/intro/')).toBe('/docs/intro');
    expect(normalizeRoutePath('/docs/index.html')).toBe('/docs');
    expect(normalizeRoutePath('/docs/intro.html')).toBe('/docs/intro');
    expect(normalizeRoutePath('/index.html')).toBe('/');
    expect(normalizeRoutePath('/docs/category/defini%C3%A7%C3%B5es')).toBe('/docs/category/definições');
  });

  it('skips prefetching on 2g and data-saver connections', () => {
    expect(canPrefetch(undefined)).toBe(true);
    expect(canPrefetch({ effectiveType: '4g' })).toBe(true);
    expect(canPrefetch({ effectiveType: 'slow-2g' })).toBe(false);
    expect(canPrefetch({ effectiveType: '2g' })).toBe(false);
    expect(canPrefetch({ effectiveType: '4g', saveData: true })).toBe(false);
  });
});

describe('router', () => {
  const initial: View = { page: makePage({ path: '/docs/intro' }), sidebar: null, scroll: { type: 'none' } };
  let views: View[];
  let loading: boolean[];

  beforeEach(() => {
    vi.useFakeTimers();
    history.replaceState(null, '', '/docs/intro');
    views = [];
    loading = [];
  });
  afterEach(() => vi.useRealTimers());

  function routerWith(load: RouteLoader['load']) {
    const loader = { load, preload: vi.fn(async () => undefined), getManifest: vi.fn(), primeSidebar: vi.fn() } as unknown as RouteLoader;
    return { loader, router: createRouter({ loader, initial, onView: (v) => views.push(v), onLoading: (l) => loading.push(l) }) };
  }

  it(`shows the progress bar only once a navigation takes more than ${PROGRESS_DELAY_MS} ms`, async () => {
    let finish!: () => void;
    const { router } = routerWith(() => new Promise((resolve) => {
      finish = () => resolve({ module: { page: makePage({ path: '/docs/b', title: 'B' }) }, sidebar: null });
    }));
    router.navigate('/docs/b');
    await vi.advanceTimersByTimeAsync(PROGRESS_DELAY_MS - 1);
    expect(loading).toEqual([]);
    await vi.advanceTimersByTimeAsync(1);
    expect(loading).toEqual([true]);
    finish();
    await vi.runAllTimersAsync();
    expect(loading).toEqual([true, false]);
    expect(views.at(-1)?.page.title).toBe('B');
    expect(location.pathname).toBe('/docs/b');
  });

  it('a fast navigation never shows the bar; a hash link scrolls to its heading', async () => {
    const { router } = routerWith(async () => ({ module: { page: makePage({ path: '/docs/b' }) }, sidebar: null }));
    router.navigate('/docs/b#parte');
    await vi.runAllTimersAsync();
    expect(loading).toEqual([false]);
    expect(views.at(-1)?.scroll).toEqual({ type: 'hash', id: 'parte' });
  });

  it('decodes a link\'s hash once: a heading whose id holds "%20" is found, not one with a space', async () => {
    const { router } = routerWith(async () => ({ module: { page: makePage({ path: '/docs/b' }) }, sidebar: null }));
    router.navigate(`/docs/b#${encodeURIComponent('50%20off')}`);
    await vi.runAllTimersAsync();
    document.body.innerHTML = '<h2 id="50 off">wrong</h2><h2 id="50%20off">right</h2>';
    const scrolled: string[] = [];
    for (const el of document.querySelectorAll('h2')) el.scrollIntoView = () => scrolled.push(el.textContent!);
    applyScroll(views.at(-1)!.scroll);
    expect(scrolled).toEqual(['right']);
    document.body.innerHTML = '';
  });

  it('a failed chunk shows the retry page at the new URL', async () => {
    const { router } = routerWith(async () => { throw new TypeError('Failed to fetch dynamically imported module'); });
    router.navigate('/docs/b');
    await vi.runAllTimersAsync();
    expect(location.pathname).toBe('/docs/b');
    expect(views.at(-1)?.chunkError).toBeInstanceOf(TypeError);
  });

  it('a path missing from the manifest is loaded from the server', async () => {
    const assign = vi.fn();
    const original = window.location.assign;
    Object.defineProperty(window.location, 'assign', { value: assign, configurable: true });
    const { router } = routerWith(async () => null);
    router.navigate('/docs');
    await vi.runAllTimersAsync();
    expect(assign).toHaveBeenCalledWith(`${location.origin}/docs`);
    expect(views).toEqual([]);
    Object.defineProperty(window.location, 'assign', { value: original, configurable: true });
  });

  it('only the newest of two quick navigations renders', async () => {
    const resolvers: (() => void)[] = [];
    const { router } = routerWith((path) => new Promise((resolve) => {
      resolvers.push(() => resolve({ module: { page: makePage({ path, title: path }) }, sidebar: null }));
    }));
    router.navigate('/docs/a');
    router.navigate('/docs/b');
    resolvers[1]();
    resolvers[0]();
    await vi.runAllTimersAsync();
    expect(views.map((v) => v.page.title)).toEqual(['/docs/b']);
  });
});
