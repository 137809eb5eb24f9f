import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { openPage, startFixtureSite, visit, type FixtureSite } from '../support/fixture-site';

// What readers of docs sites expect (issue "defects found by using the site", features):
// back to top on long pages, a print stylesheet, and the search term marked on the page a
// result opens.
let site: FixtureSite;
beforeAll(async () => {
  site = await startFixtureSite();
});
afterAll(async () => {
  await site?.close();
});

/** The text of every range of the page's search-term highlight. */
const marked = (page: Page) => page.evaluate(() => {
  const h = (CSS as unknown as { highlights: Map<string, Set<Range>> }).highlights.get('dg-search-term');
  return h ? [...h].map((r) => r.toString()) : [];
});

describe('back to top', () => {
  it('appears once a long page is scrolled past a screen and takes the reader (and focus) back up', async () => {
    const { context, page } = await openPage(site, { width: 1280, height: 600 });
    await visit(page, site, '/docs/intro');
    const button = page.locator('.dg-back-to-top');
    // Hidden (not focusable, not in the accessibility tree) until the reader is a screen down.
    expect(await button.isVisible()).toBe(false);
    await page.evaluate(() => window.scrollTo(0, innerHeight / 2));
    await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
    expect(await button.isVisible()).toBe(false);
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    await page.getByRole('button', { name: 'Voltar ao topo' }).waitFor();
    await button.click();
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
    await button.waitFor({ state: 'hidden' });
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('__docgen_main');
    await context.close();
  });
});

describe('freshness and provenance, built by the engine', () => {
  it('a doc reviewed longer ago than docs.staleAfterDays shows the banner, "Revisado em" and the edit link', async () => {
    const { context, page } = await openPage(site);
    await visit(page, site, '/docs/guia/configurar');
    const banner = page.locator('.dg-stale');
    expect(await banner.innerText()).toContain('Esta página pode estar desatualizada');
    expect(await banner.innerText()).toContain('A última revisão foi em 10 de janeiro de 2024.');
    const footer = page.locator('.dg-doc-footer');
    expect(await footer.innerText()).toContain('Revisado em 10 de janeiro de 2024');
    expect(await footer.getByRole('link', { name: /Editar esta página/ }).getAttribute('href'))
      .toBe('https://example.com/tema/edit/main/content/docs/guia/configurar.mdx');
    // A doc reviewed recently has the line but no banner.
    await visit(page, site, '/docs/intro');
    expect(await page.locator('.dg-stale').count()).toBe(0);
    expect(await page.locator('.dg-doc-footer').innerText()).toMatch(/Revisado em \d+ de \p{L}+ de \d{4}/u);
    await context.close();
  });
});

describe('print stylesheet', () => {
  it('prints the content alone, links with their address, admonitions and code in black and white', async () => {
    const { context, page } = await openPage(site, { width: 1280, height: 800 });
    await visit(page, site, '/docs/intro');
    await page.emulateMedia({ media: 'print' });
    for (const chrome of ['nav.dg-navbar', '.dg-sidebar', '.dg-toc', '.dg-footer', '.dg-announcement', '.dg-pagination']) {
      expect({ chrome, visible: await page.locator(chrome).first().isVisible() }).toEqual({ chrome, visible: false });
    }
    const style = await page.evaluate(() => {
      const link = document.querySelector<HTMLAnchorElement>('.dg-markdown a[href^="/docs/guia"]')!;
      const adm = document.querySelector('.dg-admonition--danger')!;
      const pre = document.querySelector('.dg-code pre')!;
      const token = pre.querySelector('span[class^="hljs-"]') ?? pre;
      return {
        after: getComputedStyle(link, '::after').content,
        href: link.getAttribute('href'),
        admBackground: getComputedStyle(adm).backgroundColor,
        admColor: getComputedStyle(adm).color,
        codeBackground: getComputedStyle(pre).backgroundColor,
        tokenColor: getComputedStyle(token).color,
      };
    });
    expect(style.after).toBe(`" (${style.href})"`);
    expect(style).toMatchObject({ admBackground: 'rgb(255, 255, 255)', admColor: 'rgb(0, 0, 0)', codeBackground: 'rgb(255, 255, 255)', tokenColor: 'rgb(0, 0, 0)' });
    await page.emulateMedia({ media: 'screen' });
    expect(await page.locator('nav.dg-navbar').isVisible()).toBe(true);
    await context.close();
  });
});

describe('search term on the opened page', () => {
  it('marks the words of ?q= in the content, ignoring accents and case', async () => {
    const { context, page } = await openPage(site);
    await visit(page, site, '/docs/intro?q=SECAO%20subsecao');
    await expect.poll(() => marked(page)).toEqual(expect.arrayContaining(['seção', 'Subseção']));
    expect((await marked(page)).every((t) => /^(se[çc][ãa]o|subse[çc][ãa]o)$/i.test(t))).toBe(true);
    // A page opened without a query marks nothing.
    await visit(page, site, '/docs/intro');
    expect(await marked(page)).toEqual([]);
    await context.close();
  });

  it('carries the query from a chosen search result to the page it opens', async () => {
    const { context, page } = await openPage(site);
    await visit(page, site, '/');
    await page.getByRole('button', { name: /Buscar na documentação/ }).click();
    await page.getByRole('combobox').fill('configurar');
    await page.getByRole('option').first().waitFor();
    await page.keyboard.press('Enter');
    await page.waitForURL(/\/docs\/guia\/configurar\?q=configurar/);
    await expect.poll(async () => (await marked(page)).map((t) => t.toLowerCase())).toContain('configurar');
    await context.close();
  });
});
