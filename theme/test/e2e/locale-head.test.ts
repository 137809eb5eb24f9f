import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openPage, startFixtureSite, visit, type FixtureSite } from '../support/fixture-site';

// The engine's fixture in English and Spanish, with a doc whose MDX has a <head>.
const INTL = fileURLToPath(new URL('../../../cli/test/fixtures/intl', import.meta.url));

let site: FixtureSite;
beforeAll(async () => {
  site = await startFixtureSite(path.resolve(INTL));
});
afterAll(async () => {
  await site?.close();
});

describe('in the browser', () => {
  it('keeps the page\'s locale strings once hydrated (they come with the page, not the bundle)', async () => {
    const { context, page, errors } = await openPage(site);
    await visit(page, site, '/es/docs/lamp');
    await expect(page.locator('.dg-search__button-label').textContent()).resolves.toBe('Buscar');
    await expect(page.locator('.dg-pagination__link--next').textContent()).resolves.toContain('Siguiente guardia');
    await visit(page, site, '/docs/lamp');
    await expect(page.locator('.dg-search__button-label').textContent()).resolves.toBe('Search');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('applies a page\'s MDX <head> on load and after client-side navigation, and drops it when leaving', async () => {
    const { context, page, errors } = await openPage(site);
    const keywords = () => page.locator('head meta[name="keywords"]').count();
    await visit(page, site, '/docs/logbook');
    expect(await page.title()).toBe("Keeper's logbook");
    expect(await keywords()).toBe(1);
    expect(await page.locator('head title').count()).toBe(1);

    await page.click('.dg-pagination__link--prev');
    await page.waitForURL('**/docs/lamp');
    await expect.poll(() => page.title()).toBe('The lamp | Lighthouse Keeper');
    expect(await keywords()).toBe(0);

    await page.click('.dg-pagination__link--next');
    await page.waitForURL('**/docs/logbook');
    await expect.poll(() => page.title()).toBe("Keeper's logbook");
    expect(await keywords()).toBe(1);
    expect(errors).toEqual([]);
    await context.close();
  });
});
