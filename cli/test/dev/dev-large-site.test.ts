import { rmSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { largeSiteDoc, writeLargeSite } from '../../../test-support/large-site.js';
import { bootOf } from '../helpers.js';
import { startDev, type DevProcess } from './helpers/dev-process.js';

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
});
