import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { ShardedSearchIndex } from '@docgen/core/search/sharded';
import type { ShardedIndexFile } from '@docgen/core/search/types';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { largeSiteDoc, writeLargeSite } from '../../../test-support/large-site.js';
import { bootOf } from '../helpers.js';
import { startDev, type DevProcess } from './helpers/dev-process.js';
import { LiveChannel } from './helpers/live-channel.js';

/**
 * `docgen dev` on a site large enough that its search index is sharded (issue 14): the meta
 * file, term files and page files are served by name beside it, as a build writes them.
 */
let site: string;
let dev: DevProcess;
const get = (p: string) => fetch(new URL(p, dev.origin));

beforeAll(async () => {
  site = writeLargeSite();
  dev = await startDev(site);
}, 60_000);

afterAll(async () => {
  await dev?.stop('SIGKILL');
  if (site) rmSync(site, { recursive: true, force: true });
});

describe('docgen dev on a large site', () => {
  it('serves a sharded search index with its term and page files', async () => {
    const boot = bootOf(await (await get(largeSiteDoc(2, 3, 4))).text());
    const index = await get(boot.searchIndex);
    expect(index.status).toBe(200);
    const meta = await index.json();
    expect(meta.format).toBe(2);
    const beside = (name: string) => get(new URL(name, new URL(boot.searchIndex, dev.origin)).href);
    const terms = await beside(meta.termFiles.names[0]);
    expect(terms.status).toBe(200);
    expect(Array.isArray(await terms.json())).toBe(true);
    const pages = await (await beside(meta.pageFiles.names[0])).json();
    expect(pages[0][0]).toMatch(/^\/docs\//);
    expect((await beside('search-terms-0000000000.json')).status).toBe(404);
    // Dev serves the sidebar whole (it is on this machine); the client reads both forms.
    const sidebar = await (await get(boot.sidebar)).json();
    expect(JSON.stringify(sidebar)).toContain(largeSiteDoc(6, 9, 10));
  }, 180_000);

  it('recompiles only the saved page, and a renamed heading reaches its table of contents and the search', async () => {
    const page = largeSiteDoc(3, 4, 5);
    const file = path.join(site, 'content', 'docs', 'area-3', 'secao-4', 'pagina-5.md');
    const stats = async () => (await (await get('/__docgen/dev/stats.json')).json()) as { builds: Record<string, number> };
    const searchFor = async (url: string, query: string) => {
      const index = new ShardedSearchIndex((await (await get(url)).json()) as ShardedIndexFile, async (name) => (await get(new URL(name, new URL(url, dev.origin)).href)).json());
      await index.prepare(query);
      return index.search(query)!.map((r) => r.page.path);
    };
    // Every doc is compiled once for the search index; the page is served.
    const boot = bootOf(await (await get(page)).text());
    expect(await searchFor(boot.searchIndex, 'pormenores')).toEqual([]);
    const before = (await stats()).builds;
    expect(Object.keys(before).length).toBeGreaterThan(500);

    const channel = await LiveChannel.connect(dev.origin);
    try {
      writeFileSync(file, readFileSync(file, 'utf8').replace('## Detalhes de', '## Pormenores renomeados de'));
      await channel.next((m) => m.type === 'update' && (m.routes as { path: string }[]).some((r) => r.path === page), 30_000, 'the update of the saved page');
    } finally {
      channel.close();
    }
    const after = bootOf(await (await get(page)).text());
    expect(after.page.toc.map((t: { value: string }) => t.value)).toEqual([expect.stringMatching(/^Pormenores renomeados de /)]);
    expect(after.searchIndex).not.toBe(boot.searchIndex);
    expect(await searchFor(after.searchIndex, 'pormenores')).toEqual([page]);
    // Built again: the saved page alone (the new search index reused every other compile).
    const { builds } = await stats();
    const rebuilt = Object.keys(builds).filter((route) => builds[route] !== before[route]);
    expect(rebuilt).toEqual([page]);
    expect(builds[page]).toBe(before[page] + 1);
  }, 180_000);
});
