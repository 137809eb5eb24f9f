import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchChromium } from '../../../test-support/browser.js';
import { startAuthEmulator, type AuthEmulator } from '../../../test-support/emulator.js';
import { newGateContext, signInThroughPopup } from '../e2e-auth/browser-helpers.js';
import { docgen, repoRoot } from '../helpers.js';
import { baseEnv, startServe, type ServeProcess } from '../serve/helpers/serve-process.js';

/**
 * Search end to end on the company site: Debian's Chromium signs in through the Firebase
 * Auth emulator on a real `docgen serve`, searches by keyboard alone and lands on the heading.
 */
let emulator: AuthEmulator;
let serve: ServeProcess;
let browser: Browser;
let context: BrowserContext;
let page: Page;
let outDir: string;
const searchRequests: { url: string; status: number }[] = [];

beforeAll(async () => {
  outDir = await mkdtemp(path.join(tmpdir(), 'docgen-search-e2e-'));
  emulator = await startAuthEmulator();
  const built = docgen(['build', repoRoot, '--out-dir', outDir], {
    env: { FIREBASE_AUTH_EMULATOR_HOST: emulator.host, DOCGEN_ALLOWED_DOMAIN: 'corp.com' },
  });
  if (built.code !== 0) throw new Error(`company site build failed:\n${built.output}`);
  serve = await startServe(outDir, baseEnv({ FIREBASE_AUTH_EMULATOR_HOST: emulator.host }));
  browser = await launchChromium();
  context = await newGateContext(browser);
  page = await context.newPage();
  page.setDefaultTimeout(20_000);
  page.on('response', (r) => {
    if (/\/assets\/(search-|chunks\/runtime-)/.test(r.url())) searchRequests.push({ url: r.url(), status: r.status() });
  });
  await page.goto(serve.url + 'docs/intro');
  await signInThroughPopup(page, 'ana@corp.com', 'Ana Souza');
  await page.getByRole('heading', { level: 1, name: 'Introdução: como funciona o WhatsApp oficial' }).waitFor();
});

afterAll(async () => {
  await context?.close();
  await browser?.close();
  await serve?.stop();
  await emulator?.stop();
  if (outDir) await rm(outDir, { recursive: true, force: true });
});

const dialog = () => page.getByRole('dialog', { name: 'Buscar na documentação' });
const input = () => page.getByRole('combobox', { name: 'Buscar' });
const selected = () => page.locator('[role="option"][aria-selected="true"]');

describe('search in the browser, signed in', () => {
  it('fetches nothing for search until the first search interaction', async () => {
    await page.waitForLoadState('networkidle');
    expect(searchRequests).toEqual([]);
  });

  it('opens with Ctrl+K and closes with Esc, keeping focus where it belongs', async () => {
    await page.keyboard.press('Control+k');
    await dialog().waitFor();
    expect(await input().evaluate((el) => el === document.activeElement)).toBe(true);
    await page.keyboard.press('Escape');
    await dialog().waitFor({ state: 'detached' });
    expect(await page.evaluate(() => document.activeElement?.className)).toContain('dg-search__button');
    // The index came with the session cookie: served, not refused.
    await expect.poll(() => searchRequests.find((r) => /\/assets\/search-(?!text-)/.test(r.url))?.status).toBe(200);
  });

  it('searches by keyboard alone and lands on the heading', async () => {
    await page.locator('main').click({ position: { x: 5, y: 5 } }); // focus outside any field
    await page.keyboard.press('/');
    await dialog().waitFor();
    await page.keyboard.type('documentos aceitos');
    // The result carries the query (?q=), so the page it opens highlights the words.
    await expect.poll(() => selected().getAttribute('href')).toMatch(/^\/docs\/errors\/site-invalido\?q=documentos(%20|\+)aceitos#/);
    const href = (await selected().getAttribute('href'))!;
    expect(await selected().locator('mark').first().textContent()).toMatch(/Documentos|aceitos/);
    // Down and back up: the arrows move the selection, and it follows the input's aria.
    // Results come in twice (then with excerpts): with one result so far, Down has nowhere to go.
    await expect.poll(() => page.locator('[role="option"]').count()).toBeGreaterThan(1);
    // Polled: the browser runtime (preact/compat) renders a key's effect just after the event.
    await page.keyboard.press('ArrowDown');
    await expect.poll(() => selected().getAttribute('href')).not.toBe(href);
    await page.keyboard.press('ArrowUp');
    await expect.poll(() => selected().getAttribute('href')).toBe(href);
    await expect.poll(async () => (await input().getAttribute('aria-activedescendant')) === (await selected().getAttribute('id'))).toBe(true);

    await page.keyboard.press('Enter');
    await dialog().waitFor({ state: 'detached' });
    await expect.poll(() => new URL(page.url()).pathname + new URL(page.url()).search + new URL(page.url()).hash).toBe(encodeURI(decodeURI(href)));
    const id = decodeURIComponent(href.split('#')[1]);
    const heading = page.locator(`[id="${id}"]`);
    // Its text, less the "#" permalink every h2–h4 ends with.
    await expect.poll(async () => (await heading.textContent())?.replace(/#$/, '')).toBe('Documentos aceitos no Brasil');
    await expect.poll(async () => {
      const box = await heading.boundingBox();
      const height = await page.evaluate(() => window.innerHeight);
      return box !== null && box.y >= 0 && box.y + box.height <= height;
    }).toBe(true);
  });

  it('says so in Portuguese when nothing matches', async () => {
    await page.keyboard.press('Control+k');
    await input().fill('xyzzy');
    await expect.poll(() => page.getByRole('status').first().textContent()).toBe('Nenhum resultado para “xyzzy”');
    await page.keyboard.press('Escape');
  });
});
