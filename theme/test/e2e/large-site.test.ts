import { readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Locator } from 'playwright-core';
import type { BootData, CurrentBuild, SidebarItem } from '../../src/types';
import { renderRoute } from '../../src/server';
import { assembleSidebar } from '../../src/client/sidebar';
import { largeSiteDoc, writeLargeSite } from '../../../test-support/large-site';
import { openPage, startFixtureSite, visit, type FixtureSite } from '../support/fixture-site';

// A site large enough that the build splits the sidebar, the route manifest and the search
// index (issue 14): a page downloads its own branch of the sidebar and the manifest shard of a
// link's path; a search, the index's meta file and the files its query reaches.
let siteDir: string;
let site: FixtureSite;
beforeAll(async () => {
  siteDir = writeLargeSite();
  site = await startFixtureSite(siteDir);
}, 180_000);
afterAll(async () => {
  await site?.close();
  if (siteDir) rmSync(siteDir, { recursive: true, force: true });
});

const DEEP = largeSiteDoc(2, 3, 4);
const htmlOf = (route: string) => readFileSync(path.join(site.dir, route, 'index.html'), 'utf8');
const bootOf = (html: string) => JSON.parse(/<script id="__docgen_boot" type="application\/json">([\s\S]*?)<\/script>/.exec(html)![1]) as BootData;
const json = <T,>(url: string) => JSON.parse(readFileSync(path.join(site.dir, url), 'utf8')) as T;
/**
 * Waits until no sidebar list is sliding open. Playwright clicks where its target was a
 * moment before: a click while a list grew landed on the list around the target (seen under
 * load, about one run in a hundred), and then nothing opened or navigated.
 */
const settled = (sidebar: Locator) => expect.poll(() => sidebar.locator('[style*="transition"]').count()).toBe(0);
const asideOf = (html: string) => /<aside class="dg-sidebar">[\s\S]*?<\/aside>/.exec(html)?.[0];

describe('split sidebar and sharded manifest', () => {
  it('gives a page the top of the sidebar and the files of its own branch, which draw what was prerendered', () => {
    for (const route of [DEEP, largeSiteDoc(6, 9, 10), largeSiteDoc(1, 1, 1), '/docs/intro']) {
      const html = htmlOf(route);
      const boot = bootOf(html);
      const top = json<SidebarItem[]>(boot.sidebar!);
      // Categories the page is not in hold only the URL of their items.
      expect(top.some((i) => i.type === 'category' && i.itemsUrl && i.items.length === 0)).toBe(true);
      const nodes = new Map((boot.sidebarBranch ?? []).map((u) => [u, json<SidebarItem[]>(u)]));
      expect(nodes.size).toBe(route === '/docs/intro' ? 0 : 2);
      // Hydration renders the assembled tree: it must draw exactly the prerendered sidebar.
      const drawn = renderRoute({ site: boot.site, page: boot.page, sidebar: assembleSidebar(top, nodes) });
      expect(asideOf(drawn)).toBe(asideOf(html));
      expect(html).toContain(`<link rel="preload" as="fetch" crossorigin="use-credentials" href="${boot.sidebarBranch?.[0] ?? boot.sidebar}">`);
    }
  });

  it('splits the route manifest by path and names the shards in the build\'s current.json', () => {
    const boot = bootOf(htmlOf(DEEP));
    expect(boot.manifest).toBeUndefined();
    const current = json<CurrentBuild>(boot.current!);
    expect(current.manifestShards).toBeGreaterThan(1);
    expect(current.manifest).toContain('{shard}');
    const shards = Array.from({ length: current.manifestShards! }, (_, i) => json<Record<string, unknown>>(current.manifest.replace('{shard}', String(i))));
    const all = shards.flatMap((s) => Object.keys(s));
    expect(new Set(all).size).toBe(all.length);
    expect(all).toContain(DEEP);
  });

  it('opens a category the page is not in by fetching its items, and navigates through the shard of the link', async () => {
    const { context, page, errors } = await openPage(site);
    const requests: string[] = [];
    page.on('request', (r) => requests.push(new URL(r.url()).pathname));
    await visit(page, site, DEEP);
    const sidebar = page.locator('.dg-sidebar');
    expect(await sidebar.locator('[aria-current="page"]').innerText()).toBe('Página 4 da seção 3 da área 2');
    const before = requests.filter((r) => r.startsWith('/assets/sidebars/')).length;

    // Área 5 is collapsed and not loaded: opening it fetches its file, then shows its sections.
    const area = sidebar.locator('.dg-menu__category', { hasText: 'Área número 5 do site grande' }).first();
    await area.getByRole('button').first().click();
    const section = area.getByRole('button', { name: /Seção 7 da área 5/ }).first();
    await section.waitFor();
    expect(requests.filter((r) => r.startsWith('/assets/sidebars/')).length).toBe(before + 1);
    // Its subcategory is split again: one more file when it opens.
    await settled(sidebar);
    await section.click();
    const link = area.getByRole('link', { name: 'Página 2 da seção 7 da área 5' });
    await link.waitFor();
    await settled(sidebar);
    expect(requests.filter((r) => r.startsWith('/assets/sidebars/')).length).toBe(before + 2);

    await page.evaluate(() => { (window as unknown as { __dgMark: number }).__dgMark = 1; });
    const clickedAt = requests.length;
    const failed: string[] = [];
    page.on('requestfailed', (r) => failed.push(`${new URL(r.url()).pathname} (${r.failure()?.errorText})`));
    await link.click();
    // Timed out once in a full CI run (never alone): say what the page had done by then.
    await page.getByRole('heading', { level: 1, name: 'Página 2 da seção 7 da área 5' }).waitFor().catch(async (error: Error) => {
      const h1 = await page.locator('h1').allInnerTexts().catch(() => []);
      throw new Error(`${error.message}\nat ${page.url()}, h1 ${JSON.stringify(h1)}\nrequests after the click: ${requests.slice(clickedAt).join(', ') || 'none'}\nfailed: ${failed.join(', ') || 'none'}\npage errors: ${errors.join(' | ') || 'none'}`);
    });
    expect(await page.evaluate(() => (window as unknown as { __dgMark?: number }).__dgMark)).toBe(1); // no page load
    expect(requests.some((r) => /^\/assets\/routes-[0-9a-f]+-\d+\.json$/.test(r))).toBe(true);
    expect(await sidebar.locator('[aria-current="page"]').innerText()).toBe('Página 2 da seção 7 da área 5');
    // A file once fetched is kept: the branch the reader came from opens again without a request.
    const fetched = requests.filter((r) => r.startsWith('/assets/sidebars/')).length;
    const previous = sidebar.locator('.dg-menu__category', { hasText: 'Área número 2 do site grande' }).first();
    await previous.getByRole('button').first().click();
    await settled(sidebar);
    await previous.getByRole('button', { name: /Seção 3 da área 2/ }).first().click();
    await previous.getByRole('link', { name: 'Página 4 da seção 3 da área 2' }).waitFor();
    expect(requests.filter((r) => r.startsWith('/assets/sidebars/')).length).toBe(fetched);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('searches a sharded index: the meta file, then only the files the query reaches', async () => {
    const boot = bootOf(htmlOf(DEEP));
    const current = json<CurrentBuild>(boot.current!);
    const meta = json<{ format: number; termFiles: { names: string[] } }>(current.searchIndexes[boot.searchKey!]);
    expect(meta.format).toBe(2);
    const { context, page, errors } = await openPage(site);
    const requests: string[] = [];
    page.on('request', (r) => requests.push(new URL(r.url()).pathname));
    await visit(page, site, DEEP);
    await page.keyboard.press('Control+k');
    const input = page.getByRole('combobox', { name: 'Buscar' });
    await input.fill('termo123x');
    const option = page.locator('[role="option"]').first();
    await expect.poll(() => option.getAttribute('href')).toMatch(/^\/docs\/area-2\/secao-4\/pagina-3\?q=termo123x/);
    const terms = requests.filter((r) => r.startsWith('/assets/search-terms-'));
    expect(terms.length).toBeGreaterThan(0);
    expect(terms.length).toBeLessThan(meta.termFiles.names.length / 4);
    // A typo still finds it (one letter wrong, in a word of five or more).
    await input.fill('termo123z');
    await expect.poll(() => option.getAttribute('href')).toMatch(/^\/docs\/area-2\/secao-4\/pagina-3\?q=termo123z/);
    expect(errors).toEqual([]);
    await context.close();
  });
});
