import type { RouteManifest } from '@docgen/core/types';
import type { Route, RouteTable } from '../routes/build-routes.js';
import type { RouteUpdate } from './events.js';

/**
 * Versioned URLs of route chunks, sidebars and the route manifest. A browser keeps an ES
 * module for the life of the page once imported, so a changed route must get a new URL:
 * each route and sidebar carries a revision that is bumped whenever what it serves changes.
 */
/**
 * What a route or sidebar served when last recorded, computed only when a later table is
 * compared with it: at 10,000 pages, serialising every route's data at start took 200 ms of
 * the wait for the first page, and a start has nothing to compare with.
 */
type Fingerprint = string | (() => string);
type Tracked = { fingerprint: Fingerprint; rev: number };

const text = (f: Fingerprint) => (typeof f === 'string' ? f : f());

export class Revisions {
  private readonly routes = new Map<string, Tracked>();
  private readonly sidebars = new Map<string, Tracked>();
  private manifestRev = 0;

  constructor(private readonly prefix: string) {}

  /**
   * Records a (re)built route table. Returns the routes whose chunk or sidebar URL changed
   * and the paths that disappeared. The first call changes nothing the browser has seen.
   */
  track(table: RouteTable): { changed: Route[]; removed: string[] } {
    const changedSidebars = new Set<string>();
    for (const [key, items] of table.sidebars) {
      if (this.record(this.sidebars, key, () => JSON.stringify(items))) changedSidebars.add(key);
    }
    const changed: Route[] = [];
    const seen = new Set<string>();
    for (const route of table.routes) {
      seen.add(route.path);
      const own = this.record(this.routes, route.path, () => fingerprint(route));
      if (own || (route.sidebarKey && changedSidebars.has(route.sidebarKey))) changed.push(route);
    }
    const removed = [...this.routes.keys()].filter((p) => !seen.has(p));
    for (const p of removed) this.routes.delete(p);
    for (const key of [...this.sidebars.keys()]) if (!table.sidebars.has(key)) this.sidebars.delete(key);
    if (changed.length || removed.length) this.manifestRev++;
    return { changed, removed };
  }

  /** The route's content changed (same page data): new chunk URL. */
  bump(routePath: string): void {
    const r = this.routes.get(routePath);
    if (r) r.rev++;
    this.manifestRev++;
  }

  /** Page data learned without a change (a page component's title): not news to the browser. */
  settle(route: Route): void {
    const r = this.routes.get(route.path);
    if (r) r.fingerprint = () => fingerprint(route);
  }

  chunkUrl(routePath: string): string {
    return `${this.prefix}chunk.js?route=${encodeURIComponent(routePath)}&v=${this.routes.get(routePath)?.rev ?? 0}`;
  }

  sidebarUrl(key: string | null): string | null {
    return key === null ? null : `${this.prefix}sidebar.json?key=${encodeURIComponent(key)}&v=${this.sidebars.get(key)?.rev ?? 0}`;
  }

  manifestUrl(): string {
    return `${this.prefix}routes.json?v=${this.manifestRev}`;
  }

  manifest(table: RouteTable): RouteManifest {
    const manifest: RouteManifest = {};
    for (const route of table.routes) manifest[route.path] = { chunk: this.chunkUrl(route.path), sidebar: this.sidebarUrl(route.sidebarKey) };
    return manifest;
  }

  update(route: Route): RouteUpdate {
    return { path: route.path, chunk: this.chunkUrl(route.path), sidebar: this.sidebarUrl(route.sidebarKey) };
  }

  /** True when `key` was recorded before and serves something else now. */
  private record(map: Map<string, Tracked>, key: string, fingerprint: () => string): boolean {
    const before = map.get(key);
    if (!before) {
      map.set(key, { fingerprint, rev: 0 });
      return false;
    }
    const now = fingerprint();
    if (text(before.fingerprint) === now) {
      before.fingerprint = now;
      return false;
    }
    map.set(key, { fingerprint: now, rev: before.rev + 1 });
    return true;
  }
}

/** What a route serves apart from its compiled content: page data (the toc comes from the compile), sidebar, source. */
function fingerprint(route: Route): string {
  const { toc: _toc, ...page } = route.page;
  const source = route.source?.kind === 'mdx' ? route.source.doc.absolutePath : route.source?.page.absolutePath ?? '';
  return JSON.stringify([page, route.sidebarKey, source]);
}
