import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchChromium } from '../../../test-support/browser.js';
import { copyFixture, read, write } from '../helpers.js';
import { startDev, type DevProcess } from './helpers/dev-process.js';

/**
 * docgen dev in Chromium: a saved page re-renders in place (no reload: a value set on the
 * window survives, the scroll position stays), a mistake shows the overlay with the
 * terminal's text, the fix removes it, and a page visited before an edit shows the edit
 * when navigated to again.
 */
const INTRO = 'content/docs/intro.md';
const PASSOS = 'content/docs/01-guia/02-primeiros-passos.mdx';
const WAIT = { timeout: 15_000 };

let site: string;
let dev: DevProcess;
let browser: Browser;
let tab: Page;

const bodyHas = (text: string) => tab.waitForFunction((t) => document.body.innerText.includes(t), text, WAIT);
const marker = () => tab.evaluate(() => (window as unknown as { __devMarker?: number }).__devMarker);

beforeAll(async () => {
  site = copyFixture('basic');
  // A long page, so there is a scroll position to keep.
  const filler = Array.from({ length: 120 }, (_, i) => `Parágrafo de enchimento ${i}.`).join('\n\n');
  write(site, INTRO, read(site, INTRO).replace('## Seção dois', `${filler}\n\n## Seção dois`));
  dev = await startDev(site);
  browser = await launchChromium();
  tab = await browser.newPage({ viewport: { width: 1280, height: 800 } });
  await tab.goto(`${dev.origin}/docs/intro`);
  await tab.waitForSelector('html[data-docgen-ready]', WAIT);
  await tab.evaluate(() => {
    (window as unknown as { __devMarker: number }).__devMarker = 42;
    window.scrollTo(0, 1500);
  });
});

afterAll(async () => {
  await browser?.close();
  await dev?.stop('SIGKILL');
});

describe('docgen dev in the browser', () => {
  it('shows a saved edit without reloading, keeping the scroll position', async () => {
    const before = await tab.evaluate(() => window.scrollY);
    expect(before).toBeGreaterThan(1000);
    write(site, INTRO, read(site, INTRO).replace('Parágrafo de enchimento 5.', 'Parágrafo editado ao vivo.'));
    await bodyHas('Parágrafo editado ao vivo.');
    expect(await marker()).toBe(42);
    expect(await tab.evaluate(() => window.scrollY)).toBe(before);
  });

  it('shows a mistake in the overlay and takes it away when fixed', async () => {
    const good = read(site, INTRO);
    write(site, INTRO, good.replace('Parágrafo editado ao vivo.', 'Parágrafo {quebrado'));
    const overlay = await tab.waitForSelector('#docgen-dev-overlay', { ...WAIT, state: 'attached' });
    const text = await overlay.evaluate((el) => el.shadowRoot!.textContent ?? '');
    expect(text).toMatch(/content\/docs\/intro\.md:\d+:\d+/);
    expect(text).toMatch(/MDX syntax error/);
    expect(await tab.evaluate(() => document.body.innerText.includes('Parágrafo editado ao vivo.'))).toBe(true);

    write(site, INTRO, good.replace('Parágrafo editado ao vivo.', 'Parágrafo consertado.'));
    await tab.waitForSelector('#docgen-dev-overlay', { ...WAIT, state: 'detached' });
    await bodyHas('Parágrafo consertado.');
    expect(await marker()).toBe(42);
  });

  it('shows an edit of a page visited earlier when it is navigated to again', async () => {
    await tab.click('a[href^="/docs/guia/primeiros-passos#configura"]');
    await bodyHas('Dois títulos iguais');
    await tab.goBack();
    await bodyHas('Parágrafo consertado.');
    write(site, PASSOS, read(site, PASSOS).replace('Dois títulos iguais', 'Dois títulos editados'));
    // The page on screen did not change; wait until the server has the edit, then navigate.
    await expect.poll(async () => (await (await fetch(`${dev.origin}/docs/guia/primeiros-passos`)).text()).includes('Dois títulos editados'), WAIT).toBe(true);
    await tab.click('a[href^="/docs/guia/primeiros-passos#configura"]');
    await bodyHas('Dois títulos editados');
    expect(await marker()).toBe(42);
  });
});
