// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { shardOf } from '@docgen/core/shard';
import { createRouteLoader } from '../src/client/routeLoader';
import type { SidebarItem } from '../src/types';

/** Answers fetch() from a table of JSON files and records each URL asked for. */
function serveJson(files: Record<string, unknown>) {
  const asked: string[] = [];
  vi.stubGlobal('fetch', vi.fn(async (url: string) => {
    asked.push(url);
    return url in files ? new Response(JSON.stringify(files[url])) : new Response('', { status: 404 });
  }));
  return asked;
}

afterEach(() => vi.unstubAllGlobals());

const category = (label: string, extra: Partial<Extract<SidebarItem, { type: 'category' }>>): SidebarItem => ({ type: 'category', label, collapsed: true, collapsible: true, items: [], ...extra });

describe('route loader on a large site (issue 14)', () => {
  it('fetches only the manifest shard of the path, and leaves an unknown path to the server', async () => {
    const shards = 4;
    const known = '/docs/a';
    const unknown = '/docs/nao-existe';
    const files: Record<string, unknown> = {};
    for (let i = 0; i < shards; i++) files[`/assets/routes-h-${i}.json`] = {};
    (files[`/assets/routes-h-${shardOf(known, shards)}.json`] as Record<string, unknown>)[known] = { chunk: '/c.js', sidebar: null };
    const asked = serveJson(files);
    const loader = createRouteLoader('/assets/routes-h-{shard}.json', shards);
    expect(await loader.load(unknown)).toBeNull();
    expect(asked).toEqual([`/assets/routes-h-${shardOf(unknown, shards)}.json`]);
    await loader.preload(known);
    expect(asked).toContain(`/assets/routes-h-${shardOf(known, shards)}.json`);
    expect(asked.length).toBeLessThanOrEqual(2);
  });

  it('assembles a split sidebar from its top file and branch, and keeps each file it has fetched', async () => {
    const top = [category('A', { itemsUrl: '/a.json' }), category('B', { itemsUrl: '/b.json' })];
    const a: SidebarItem[] = [{ type: 'link', label: 'A1', href: '/docs/a1' }];
    const b: SidebarItem[] = [{ type: 'link', label: 'B1', href: '/docs/b1' }];
    const asked = serveJson({ '/top.json': top, '/a.json': a, '/b.json': b });
    const loader = createRouteLoader('/routes.json');
    const first = (await loader.getSidebar('/top.json', ['/a.json']))!;
    expect(first[0]).toEqual({ type: 'category', label: 'A', collapsed: true, collapsible: true, items: a });
    expect(first[1]).toEqual(top[1]); // not fetched: still a reference
    expect(await loader.loadSidebarItems('/b.json')).toEqual(b);
    const later = (await loader.getSidebar('/top.json'))!;
    expect(later.map((c) => (c.type === 'category' ? c.items : null))).toEqual([a, b]);
    expect(asked).toEqual(['/top.json', '/a.json', '/b.json']);
  });
});

describe('a built page finds the manifest through its build\'s current.json (issue 14)', () => {
  const boot = { current: '/assets/current.json', build: 'b1', searchKey: 'pt-BR/current' };
  const current = (build: string) => ({ build, manifest: '/assets/routes-h.json', searchIndexes: { 'pt-BR/current': '/assets/search-s.json' } });

  it('reads current.json once, revalidated, then the manifest it names', async () => {
    const { pageLocations } = await import('../src/client/current-build');
    const init: (RequestInit | undefined)[] = [];
    const asked: string[] = [];
    const files: Record<string, unknown> = { '/assets/current.json': current('b1'), '/assets/routes-h.json': { '/docs/a': { chunk: '/c.js', sidebar: null } } };
    vi.stubGlobal('fetch', vi.fn(async (url: string, options?: RequestInit) => {
      asked.push(url);
      init.push(options);
      return url in files ? new Response(JSON.stringify(files[url])) : new Response('', { status: 404 });
    }));
    const loader = createRouteLoader(() => pageLocations(boot));
    await loader.preload('/docs/a');
    expect(await loader.load('/docs/b')).toBeNull();
    expect((await pageLocations(boot)).searchIndex).toBe('/assets/search-s.json');
    expect(asked).toEqual(['/assets/current.json', '/assets/routes-h.json']);
    // Its name never changes: a copy cached from an earlier deploy must not be used.
    expect(init[0]?.cache).toBe('no-cache');
  });

  it('after the site was built again, knows no route, so links load from the server', async () => {
    const { pageLocations } = await import('../src/client/current-build');
    const stale = { ...boot, current: '/other/current.json' };
    const asked = serveJson({ '/other/current.json': current('b2'), '/assets/routes-h.json': { '/docs/a': { chunk: '/c.js', sidebar: null } } });
    const loader = createRouteLoader(() => pageLocations(stale));
    expect(await loader.load('/docs/a')).toBeNull();
    expect(asked).toEqual(['/other/current.json']);
  });
});
