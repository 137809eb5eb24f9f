import { cpSync, readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchChromium } from '../../../test-support/browser.js';
import { startAuthEmulator, type AuthEmulator } from '../../../test-support/emulator.js';
import { docgen, repoRoot } from '../helpers.js';
import { baseEnv, startServe, type ServeProcess } from '../serve/helpers/serve-process.js';
import { newGateContext, signInThroughPopup } from './browser-helpers.js';

/**
 * The signed-in name + 'Sair' badge (issue "defects found by using the site", items 1 and 8):
 * it must never cover anything, at any width from 320 to 1920 px, and it comes after the skip
 * link in tab order. Built from the theme's fixture (the most crowded navbar we have) with a
 * sign-in gate, served by `docgen serve`, signed in through the Auth emulator.
 */
const themeFixture = path.join(repoRoot, 'theme/test/fixtures/theme-site');
const PAGES = ['/', '/docs/intro', '/docs/category/guia', '/nao-existe'];
const WIDTHS = [320, 360, 414, 576, 768, 996, 997, 1024, 1280, 1440, 1600, 1920];

let emulator: AuthEmulator;
let serve: ServeProcess;
let browser: Browser;
let outDir: string;
let context: BrowserContext;
let page: Page;

beforeAll(async () => {
  outDir = await mkdtemp(path.join(tmpdir(), 'docgen-e2e-badge-'));
  emulator = await startAuthEmulator();
  // Built from a copy: a build leaves its caches in the site's .docgen/ (the fixture stays as committed).
  const site = path.join(outDir, 'site');
  cpSync(themeFixture, site, { recursive: true, filter: (from) => path.basename(from) !== '.docgen' });
  const built = docgen(['build', site, '--out-dir', path.join(outDir, 'out')], {
    env: { FIREBASE_AUTH_EMULATOR_HOST: emulator.host, THEME_FIXTURE_AUTH: 'server' },
  });
  if (built.code !== 0) throw new Error(`fixture build failed:\n${built.output}`);
  serve = await startServe(path.join(outDir, 'out'), baseEnv({ FIREBASE_AUTH_EMULATOR_HOST: emulator.host }));
  browser = await launchChromium();
  context = await newGateContext(browser);
  page = await context.newPage();
  page.setDefaultTimeout(15_000);
  await page.goto(serve.url + 'docs/intro');
  await signInThroughPopup(page, 'ana.beatriz.souza@corp.com', 'Ana Beatriz de Souza Albuquerque');
  await page.locator('.dg-gate__user').waitFor();
});

afterAll(async () => {
  await context?.close();
  await browser?.close();
  await serve?.stop();
  await emulator?.stop();
  if (outDir) await rm(outDir, { recursive: true, force: true });
});

/** Every visible element whose box meets the badge's on screen (the badge's own parts and ancestors aside). */
function badgeOverlaps(p: Page): Promise<string[]> {
  return p.evaluate(() => {
    const badge = document.querySelector('.dg-gate__user');
    if (!badge) return ['(no badge)'];
    const raw = badge.getBoundingClientRect();
    // Only the part of the badge inside the viewport can cover anything (a hidden navbar slides it out).
    const b = { left: Math.max(raw.left, 0), top: Math.max(raw.top, 0), right: Math.min(raw.right, innerWidth), bottom: Math.min(raw.bottom, innerHeight) };
    if (b.right <= b.left || b.bottom <= b.top) return [];
    const hits: string[] = [];
    for (const el of Array.from(document.body.querySelectorAll('*'))) {
      if (el === badge || badge.contains(el) || el.contains(badge)) continue;
      if (!el.checkVisibility({ opacityProperty: true, visibilityProperty: true })) continue;
      const r = el.getBoundingClientRect();
      if (r.width < 2 || r.height < 2) continue; // visually hidden text
      if (r.left < b.right && r.right > b.left && r.top < b.bottom && r.bottom > b.top) {
        // Content scrolled under the opaque sticky navbar is hidden by the navbar, not by the badge:
        // what is painted on top at the middle of the shared area tells.
        const x = (Math.max(r.left, b.left) + Math.min(r.right, b.right)) / 2;
        const y = (Math.max(r.top, b.top) + Math.min(r.bottom, b.bottom)) / 2;
        const stack = document.elementsFromPoint(x, y);
        const row = badge.closest('nav');
        if (row && stack.includes(row) && stack.indexOf(row) < stack.indexOf(el)) continue;
        hits.push(`${el.tagName.toLowerCase()}.${[...el.classList].join('.')} "${(el.textContent ?? '').trim().slice(0, 30)}"`);
      }
    }
    return hits;
  });
}

const AXE = path.join(repoRoot, 'node_modules/axe-core/axe.min.js');

/** axe-core findings of impact moderate or worse ("region": content outside landmarks is moderate). */
async function axeFindings(p: Page): Promise<string[]> {
  // Evaluated through the devtools protocol: the site's CSP (rightly) refuses an injected <script>.
  if (!(await p.evaluate(() => 'axe' in window))) await p.evaluate(`${readFileSync(AXE, 'utf8')}\n;void 0`);
  const violations = await p.evaluate(async () => {
    const axe = (window as unknown as { axe: { run(ctx: unknown, opts: object): Promise<{ violations: { id: string; impact: string | null; nodes: { target: string[] }[] }[] }> } }).axe;
    // The search box is checked by the search issue's own tests; the Firebase SDK adds its own
    // banner in emulator mode only (never in production).
    return (await axe.run({ exclude: [['.dg-navbar__search'], ['.firebase-emulator-warning']] }, { resultTypes: ['violations'] })).violations;
  });
  return violations
    .filter((v) => v.impact === 'moderate' || v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.impact} ${v.id}: ${v.nodes.slice(0, 3).map((n) => n.target.join(' ')).join(' | ')}`);
}

/**
 * Judges the settled layout: two frames let the scroll event and its re-render happen (the
 * navbar may start sliding away, hideOnScroll), then every transition must have finished.
 */
async function settled(p: Page): Promise<void> {
  await p.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
  // Time-based ones only: a scroll-driven animation (the back-to-top button) is always running.
  await p.waitForFunction(() => document.getAnimations().every((a) => a.playState !== 'running' || !(a.timeline instanceof DocumentTimeline)));
}

describe('the signed-in badge', () => {
  it('covers nothing on home, doc, category and not-found pages at 320–1920 px, at the top and while scrolling', async () => {
    const found: string[] = [];
    for (const route of PAGES) {
      await page.goto(serve.url + route.slice(1));
      await page.locator('html[data-docgen-ready="true"]').waitFor();
      await page.locator('.dg-gate__user').waitFor();
      for (const width of WIDTHS) {
        await page.setViewportSize({ width, height: 800 });
        for (const at of ['top', 'middle', 'bottom'] as const) {
          await page.evaluate((where) => {
            const max = document.documentElement.scrollHeight - innerHeight;
            window.scrollTo({ top: where === 'top' ? 0 : where === 'middle' ? max / 2 : max, behavior: 'instant' });
          }, at);
          await settled(page);
          for (const hit of await badgeOverlaps(page)) found.push(`${route} @${width}px ${at}: ${hit}`);
        }
      }
    }
    expect(found).toEqual([]);
  });

  it('shows the name beside Sair on wide screens and keeps Sair inside the viewport on phones', async () => {
    await page.goto(serve.url + 'docs/intro');
    await page.locator('.dg-gate__user').waitFor();
    await page.setViewportSize({ width: 1280, height: 800 });
    expect(await page.locator('.dg-gate__name').isVisible()).toBe(true);
    expect(await page.locator('.dg-gate__name').textContent()).toBe('Ana Beatriz de Souza Albuquerque');
    // From 360 px the (shortened) name stays beside Sair; below, only screen readers get it.
    await page.setViewportSize({ width: 360, height: 800 });
    expect(await page.locator('.dg-gate__name').isVisible()).toBe(true);
    for (const width of [320, 1920]) {
      await page.setViewportSize({ width, height: 800 });
      const box = await page.getByRole('button', { name: 'Sair' }).boundingBox();
      expect({ width, inside: Boolean(box && box.x >= 0 && box.x + box.width <= width && box.y >= 0), box }).toMatchObject({ width, inside: true });
    }
    // Not on paper (the print stylesheet keeps the content alone).
    await page.emulateMedia({ media: 'print' });
    expect(await page.locator('.dg-gate__user').isVisible()).toBe(false);
    await page.emulateMedia({ media: 'screen' });
  });

  it('leaves no content outside landmarks and no serious or moderate axe finding, signed in and on the card', async () => {
    const found: string[] = [];
    await page.setViewportSize({ width: 1280, height: 800 });
    for (const route of PAGES) {
      await page.goto(serve.url + route.slice(1));
      await page.locator('.dg-gate__user').waitFor();
      for (const v of await axeFindings(page)) found.push(`${route}: ${v}`);
    }
    // Signed out: the login shell's card.
    const other = await newGateContext(browser);
    const shell = await other.newPage();
    await shell.goto(serve.url + 'docs/intro');
    await shell.getByRole('heading', { name: 'Acesso Restrito' }).waitFor();
    for (const v of await axeFindings(shell)) found.push(`login: ${v}`);
    // The site's favicon is public (item 9): the card's and the pages' icon load without a session.
    const pageIcon = await page.locator('link[rel="icon"]').getAttribute('href');
    const shellIcon = await shell.locator('link[rel="icon"]').getAttribute('href');
    for (const href of [pageIcon, shellIcon]) {
      expect(href).toMatch(/^\/__docgen\/login\/favicon/);
      const res = await other.request.get(serve.url + href!.slice(1));
      expect({ href, status: res.status(), type: res.headers()['content-type'] }).toMatchObject({ status: 200, type: expect.stringContaining('image/svg+xml') });
    }
    await other.close();
    expect(found).toEqual([]);
  });

  it('comes after the skip link in tab order', async () => {
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto(serve.url + 'docs/intro');
    await page.locator('html[data-docgen-ready="true"]').waitFor();
    await page.locator('.dg-gate__user').waitFor();
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Pular para o conteúdo principal');
  });
});
