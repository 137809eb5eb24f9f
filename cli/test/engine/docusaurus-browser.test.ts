import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startDev, type DevProcess } from '../dev/helpers/dev-process.js';
import { copyFixture, read, write } from '../helpers.js';
import { builtFixtureInBrowser } from './built-fixture-browser.js';

/**
 * The Docusaurus-style fixture in Chromium: Tabs synced by groupId (on the page, in the
 * address, remembered across pages), keyboard navigation, the copy button copying code
 * without its magic comments; and in docgen dev, a page bundled apart from the theme still
 * reads the theme's site data and hydrates its components.
 */
const WAIT = { timeout: 15_000 };
let browser: Browser;
let context: BrowserContext | undefined;
let server: { url: string; close(): Promise<void> };
let dev: DevProcess | undefined;
let close: (() => Promise<void>) | undefined;

beforeAll(async () => {
  const built = await builtFixtureInBrowser('docusaurus');
  ({ browser, server, close } = built);
}, 120_000);

afterAll(async () => {
  await close?.();
  await dev?.stop('SIGKILL');
});

/** A tab of the test's one browser context (pages share its localStorage, as a reader's do). */
async function open(url: string): Promise<Page> {
  context ??= await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const tab = await context.newPage();
  await tab.goto(url);
  await tab.waitForSelector('html[data-docgen-ready]', WAIT);
  return tab;
}

const selected = (tab: Page) => tab.$$eval('[role="tablist"]', (lists) => lists.map((l) => l.querySelector('[aria-selected="true"]')?.textContent));

describe('Tabs in the browser', () => {
  it('a click selects the tab in every Tabs of the group, writes ?so= and is remembered on the next visit', async () => {
    const tab = await open(`${server.url}docs/abas`);
    expect((await selected(tab)).slice(0, 2)).toEqual(['macOS', 'Linux']);
    await tab.click('[role="tab"]:text-is("Windows")');
    await expect.poll(() => selected(tab)).toEqual(['Windows', 'Windows', 'Segunda', 'npm']);
    expect(new URL(tab.url()).searchParams.get('so')).toBe('win');
    expect(await tab.isVisible('text=Pacotes com winget.')).toBe(true);
    expect(await tab.isVisible('text=Pacotes com apt.')).toBe(false);
    await tab.close();

    const again = await open(`${server.url}docs/abas`);
    await expect.poll(() => selected(again)).toEqual(['Windows', 'Windows', 'Segunda', 'npm']);
    const linked = await open(`${server.url}docs/abas?so=linux`);
    await expect.poll(() => selected(linked)).toEqual(['Linux', 'Linux', 'Segunda', 'npm']);
    await again.close();
    await linked.close();
  });

  it('arrow keys, Home and End move focus between tabs; Enter and Space select', async () => {
    const tab = await open(`${server.url}docs/abas`);
    const focused = () => tab.evaluate(() => document.activeElement?.textContent);
    await tab.focus('[role="tablist"] >> nth=3 >> [role="tab"][aria-selected="true"]');
    expect(await focused()).toBe('npm');
    await tab.keyboard.press('ArrowRight');
    expect(await focused()).toBe('Yarn');
    await tab.keyboard.press('End');
    expect(await focused()).toBe('pnpm');
    await tab.keyboard.press('ArrowRight');
    expect(await focused()).toBe('npm');
    await tab.keyboard.press('ArrowLeft');
    await tab.keyboard.press('Enter');
    await expect.poll(() => selected(tab).then((s) => s[3])).toBe('pnpm');
    expect(await tab.isVisible('text=pnpm add pacote-exemplo')).toBe(true);
    await tab.keyboard.press('Home');
    await tab.keyboard.press(' ');
    await expect.poll(() => selected(tab).then((s) => s[3])).toBe('npm');
    // Only the selected tab is in the tab order.
    expect(await tab.locator('[role="tablist"]').nth(3).locator('[tabindex="0"]').count()).toBe(1);
    await tab.close();
  });
});

describe('code blocks in the browser', () => {
  it('the copy button copies the code without its magic comments', async () => {
    const tab = await open(`${server.url}docs/codigo`);
    await tab.evaluate(() => {
      const w = window as unknown as { __copied: string[] };
      w.__copied = [];
      Object.defineProperty(navigator, 'clipboard', { value: { writeText: async (t: string) => void w.__copied.push(t) } });
    });
    await tab.hover('.dg-codeblock >> nth=0');
    await tab.click('.dg-codeblock >> nth=0 >> .dg-code__copy');
    await tab.hover('.dg-codeblock >> nth=1');
    await tab.click('.dg-codeblock >> nth=1 >> .dg-code__copy');
    const copied = await tab.evaluate(() => (window as unknown as { __copied: string[] }).__copied);
    expect(copied[0]).toBe('const total = 1 + 2;\nfunction dobro(x) {\n  return x * 2;\n}\nconsole.log(total);');
    expect(copied[1]).toBe('print("olá")\nprint("mundo")');
    await tab.close();
  });
});

describe('mermaid in the browser', () => {
  it('replaces the diagram source with the SVG mermaid draws, loaded only on that page', async () => {
    const tab = await open(`${server.url}docs/intro`);
    const mermaidLoaded = () => tab.evaluate(() => performance.getEntriesByType('resource').some((e) => e.name.includes('mermaid.core')));
    expect(await mermaidLoaded()).toBe(false);
    await tab.goto(`${server.url}docs/diagrama`);
    await tab.waitForSelector('.dg-mermaid svg', WAIT);
    expect(await tab.textContent('.dg-mermaid svg')).toContain('Aprovado');
    expect(await tab.isVisible('.dg-mermaid--source')).toBe(false);
    expect(await mermaidLoaded()).toBe(true);
    await tab.close();
  });
});

describe('docgen dev', () => {
  it('hydrates site components on the @docusaurus APIs and syncs tabs, with pages bundled apart from the theme', async () => {
    const site = copyFixture('docusaurus');
    dev = await startDev(site);
    const tab = await open(`${dev.origin}/docs/intro`);
    await tab.waitForSelector('.destaque__ambiente:text-is("navegador")', WAIT);
    expect(await tab.textContent('.destaque__so')).toBe('só no navegador');
    expect(await tab.getAttribute('.destaque', 'data-site')).toBe('Fixture Docusaurus');
    await tab.goto(`${dev.origin}/docs/abas`);
    await tab.waitForSelector('html[data-docgen-ready]', WAIT);
    await tab.click('[role="tab"]:text-is("Windows") >> nth=1');
    await expect.poll(() => selected(tab).then((s) => s.slice(0, 2))).toEqual(['Windows', 'Windows']);

    await tab.goto(`${dev.origin}/docs/diagrama`);
    await tab.waitForSelector('.dg-mermaid svg', WAIT);

    // An edited partial shows on the page that imports it.
    await tab.goto(`${dev.origin}/docs/parciais`);
    await tab.waitForSelector('text=Dica dentro do trecho.', WAIT);
    write(site, 'content/docs/_trecho.mdx', read(site, 'content/docs/_trecho.mdx').replace('Dica dentro do trecho.', 'Dica editada no trecho.'));
    await tab.waitForSelector('text=Dica editada no trecho.', WAIT);
    await tab.close();
  });
});
