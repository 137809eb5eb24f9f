import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { startFixtureSite, visit, type FixtureSite } from '../support/fixture-site';

// axe-core on the four kinds of page (and a doc with the stale banner), in both colour modes, at desktop and phone widths
// (issue 3 quality bar), plus screenshots of a doc page saved as artifacts (not compared).
const repo = fileURLToPath(new URL('../../../', import.meta.url));
const AXE = path.join(repo, 'node_modules/axe-core/axe.min.js');
const SHOTS = path.join(repo, 'test-results/theme');

const PAGES = [
  { name: 'home', path: '/' },
  { name: 'doc', path: '/docs/intro' },
  { name: 'stale doc', path: '/docs/guia/configurar' },
  { name: 'category', path: '/docs/category/guia' },
  { name: 'not-found', path: '/nao-existe' },
];
const MODES = ['light', 'dark'] as const;
const WIDTHS = [1280, 375] as const;

interface AxeViolation {
  id: string;
  impact: string | null;
  help: string;
  nodes: { target: string[] }[];
}

let site: FixtureSite;
beforeAll(async () => {
  site = await startFixtureSite();
  await mkdir(SHOTS, { recursive: true });
});
afterAll(async () => {
  await site?.close();
});

async function seriousViolations(page: Page): Promise<string[]> {
  if (!(await page.evaluate(() => 'axe' in window))) await page.addScriptTag({ path: AXE });
  const violations = await page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run(ctx: Document, opts: object): Promise<{ violations: AxeViolation[] }> } }).axe;
    // The search box is the search issue's component, checked by its own tests.
    const result = await axe.run({ exclude: [['.dg-navbar__search']] } as unknown as Document, { resultTypes: ['violations'] });
    return result.violations;
  });
  return violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical' || v.impact === 'moderate')
    .map((v) => `${v.impact} ${v.id}: ${v.help} — ${v.nodes.slice(0, 3).map((n) => n.target.join(' ')).join(' | ')}`);
}

describe.each(MODES)('%s mode', (mode) => {
  describe.each(WIDTHS)('%i px', (width) => {
    it('has no serious or critical axe violation on home, doc, category and not-found pages', async () => {
      const context = await site.browser.newContext({ viewport: { width, height: 900 } });
      // Chosen before any page script runs, as a returning visitor would have it stored.
      await context.addInitScript((m) => window.localStorage.setItem('theme', m), mode);
      const page = await context.newPage();
      page.setDefaultTimeout(10_000);
      const found: string[] = [];
      for (const target of PAGES) {
        await visit(page, site, target.path);
        expect(await page.locator('html').getAttribute('data-theme')).toBe(mode);
        await page.evaluate(() => document.fonts.ready);
        for (const violation of await seriousViolations(page)) found.push(`${target.name}: ${violation}`);
        if (target.name === 'doc') {
          await page.screenshot({ path: path.join(SHOTS, `doc-${mode}-${width}.png`), fullPage: false });
          if (width < 997) {
            // The slide-in menu is a dialog over the page: check it open too.
            await page.getByRole('button', { name: 'Abrir ou fechar o menu de navegação' }).click();
            await page.getByRole('dialog').waitFor();
            for (const violation of await seriousViolations(page)) found.push(`mobile menu: ${violation}`);
            await page.keyboard.press('Escape');
          }
        }
      }
      expect(found).toEqual([]);
      await context.close();
    });
  });
});
