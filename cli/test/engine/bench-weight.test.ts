import { rmSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { copyFixture, docgen } from '../helpers.js';
// @ts-expect-error: the bench is plain JavaScript, without types
import { pageWeight } from '../../../bench/lib/page-weight.mjs';
// @ts-expect-error: the bench is plain JavaScript, without types
import { searchWeight } from '../../../bench/lib/search-weight.mjs';

/**
 * `npm run bench`'s page weight and search weight read what a build writes (a page's boot
 * data, the build's current.json, the search index): when a build's format moves, the bench
 * must move with it. It did not once (current.json), and its weight section then crashed on
 * every site. Here it measures a real build of the basic fixture.
 */
describe('the bench\'s download figures, on a real build', () => {
  let site: string;
  let out: string;
  beforeAll(() => {
    site = copyFixture('basic');
    const result = docgen(['build', site]);
    expect(result.code, result.output).toBe(0);
    out = path.join(site, 'build');
  });
  afterAll(() => rmSync(site, { recursive: true, force: true }));

  it('finds the page\'s sidebar, its manifest through current.json, and its search index', async () => {
    const w = await pageWeight(out);
    expect(w.error).toBeUndefined();
    expect(w.jsGzip).toBeGreaterThan(10_000);
    expect(w.startJsonFiles).toBeGreaterThanOrEqual(1);
    expect(w.startJsonGzip).toBeGreaterThan(0);
    expect(w.currentGzip).toBeGreaterThan(0);
    expect(w.manifestGzip).toBeGreaterThan(w.currentGzip); // the manifest itself, besides current.json
    expect(w.searchIndex).toMatch(/^\/assets\/search-.*\.json$/);
    const search = await searchWeight(out, w.searchIndex, w.title);
    expect(search.error).toBeUndefined();
    expect(search.results).toBeGreaterThan(0);
    expect(search.dataGzip).toBeGreaterThan(0);
  });
});
