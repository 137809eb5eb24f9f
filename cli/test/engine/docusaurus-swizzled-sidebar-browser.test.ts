import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { builtFixtureInBrowser, type BuiltFixtureInBrowser } from './built-fixture-browser.js';

/**
 * The site's swizzle of DocSidebarItem in Chromium: it hydrates (Preact running the same
 * Docusaurus-shaped components the server rendered with React), a category's caret opens it,
 * and a client-side navigation moves the active entry.
 */
const WAIT = { timeout: 15_000 };
let site: BuiltFixtureInBrowser;

beforeAll(async () => void (site = await builtFixtureInBrowser('docusaurus-swizzled-sidebar')), 120_000);
afterAll(() => site?.close());

const sidebar = '.dg-sidebar__nav';
const active = (tab: Page) => tab.$$eval(`${sidebar} .fixture-here a`, (as) => as.map((a) => a.textContent));

describe('a swizzled DocSidebarItem in the browser', () => {
  it('hydrates without errors, opens a category from its caret and follows a client-side navigation', async () => {
    const tab = await (await site.browser.newContext({ viewport: { width: 1280, height: 900 } })).newPage();
    const errors: string[] = [];
    tab.on('pageerror', (e) => errors.push(e.message));
    // The browser's own favicon.ico probe (the fixture has none) is no page resource: failed responses are counted below.
    tab.on('console', (m) => void (m.type() === 'error' && !m.text().startsWith('Failed to load resource') && errors.push(m.text())));
    tab.on('response', (r) => void (r.status() >= 400 && errors.push(`${r.status()} ${r.url()}`)));
    await tab.goto(`${site.server.url}docs/intro`);
    await tab.waitForSelector('html[data-docgen-ready]', WAIT);
    expect(await active(tab)).toEqual(['Welcome']);
    expect(await tab.isVisible(`${sidebar} a:text-is("Command line")`)).toBe(false);

    await tab.click(`${sidebar} button[aria-label="Expand sidebar category 'Tools'"]`);
    await tab.waitForSelector(`${sidebar} a:text-is("Command line")`, { state: 'visible', ...WAIT });
    await tab.click(`${sidebar} a:text-is("Command line")`);
    await tab.waitForURL(/\/docs\/tools\/cli$/, WAIT);
    await expect.poll(() => active(tab)).toEqual(['Command line']);
    await expect.poll(() => tab.evaluate(() => document.querySelector('h1')?.textContent)).toBe('Command line');
    expect(errors).toEqual([]);
  });
});
