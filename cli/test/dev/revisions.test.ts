import { describe, expect, it } from 'vitest';
import type { Route, RouteTable } from '../../src/routes/build-routes.js';
import { Revisions } from '../../src/dev/revisions.js';

/** A route whose page data counts how often it is read (serialised). */
function route(path: string, title: string, sidebarKey: string | null, reads: { n: number }): Route {
  const page = { path, kind: 'doc', title, locale: 'pt-BR', toc: [], alternates: {} };
  const r = { path, sidebarKey, locale: 'pt-BR', source: null } as unknown as Route;
  Object.defineProperty(r, 'page', { enumerable: true, get: () => (reads.n++, page) });
  return r;
}

const table = (routes: Route[], sidebars: [string, unknown[]][]) => ({ routes, sidebars: new Map(sidebars) }) as unknown as RouteTable;

describe('Revisions (versioned URLs of what dev serves)', () => {
  it('reads no page data at start, and still tells what a rebuilt table changed', () => {
    const reads = { n: 0 };
    const revisions = new Revisions('/__docgen/dev/');
    const first = revisions.track(table([route('/docs/a', 'A', 'docs', reads), route('/docs/b', 'B', null, reads)], [['docs', [{ label: 'A' }]]]));
    expect(first).toEqual({ changed: [], removed: [] });
    expect(reads.n).toBe(0); // a start has nothing to compare with: nothing is serialised

    // B's title changed: its chunk gets a new URL; A is the same.
    const a = route('/docs/a', 'A', 'docs', reads);
    const second = revisions.track(table([a, route('/docs/b', 'B, renamed', null, reads)], [['docs', [{ label: 'A' }]]]));
    expect(second.changed.map((r) => r.path)).toEqual(['/docs/b']);
    expect(revisions.chunkUrl('/docs/b')).toBe('/__docgen/dev/chunk.js?route=%2Fdocs%2Fb&v=1');
    expect(revisions.chunkUrl('/docs/a')).toBe('/__docgen/dev/chunk.js?route=%2Fdocs%2Fa&v=0');

    // A's sidebar changed: A changes with it; B went away.
    const third = revisions.track(table([a], [['docs', [{ label: 'A, moved' }]]]));
    expect(third).toEqual({ changed: [a], removed: ['/docs/b'] });
    expect(revisions.sidebarUrl('docs')).toBe('/__docgen/dev/sidebar.json?key=docs&v=1');
  });
});
