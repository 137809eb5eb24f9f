import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openPage, startFixtureSite, visit, type FixtureSite } from '../support/fixture-site';

// Client runtime in a real browser: client-side navigation, progress bar, chunk failure,
// crash fallback, scroll restoration and anchors (issue 3, SPEC 4 and 8).
let site: FixtureSite;
beforeAll(async () => {
  site = await startFixtureSite();
});
afterAll(async () => {
  await site?.close();
});

/** Set on the window: still there after a navigation only if no full page load happened. */
const markWindow = (page: import('playwright-core').Page) => page.evaluate(() => { (window as unknown as { __dgMark: number }).__dgMark = 1; });
const isMarked = (page: import('playwright-core').Page) => page.evaluate(() => (window as unknown as { __dgMark?: number }).__dgMark === 1);

describe('client-side navigation', () => {
  it('navigates without a page load and shows the progress bar while a slow route loads', async () => {
    const { context, page, errors } = await openPage(site);
    // Hold the next route's chunk (also its prefetch) until the bar has been seen: no timing assumption.
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route(/docs-guia-primeiros-passos-[^/]*\.js$/, async (route) => {
      await held;
      await route.continue();
    });
    await visit(page, site, '/docs/category/guia');
    await markWindow(page);
    await page.locator('.dg-pagination__link--next').click();
    await page.locator('.dg-progress--loading').waitFor({ state: 'visible' });
    expect(page.url()).toBe(site.url + '/docs/category/guia'); // the old page stays until the new one is ready
    release();
    await page.getByRole('heading', { level: 1, name: 'Primeiros passos' }).waitFor();
    expect(page.url()).toBe(site.url + '/docs/guia/primeiros-passos');
    expect(await page.title()).toBe('Primeiros passos | Tema de Teste');
    await page.locator('.dg-progress').waitFor({ state: 'detached' });
    expect(await isMarked(page)).toBe(true);
    // The sidebar follows the route: the current doc is marked.
    expect(await page.locator('.dg-sidebar [aria-current="page"]').innerText()).toBe('Primeiros passos');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('restores the scroll position on back and scrolls to anchors', async () => {
    const { context, page } = await openPage(site);
    await visit(page, site, '/docs/intro');
    await markWindow(page);
    await page.evaluate(() => window.scrollTo(0, 1200));
    await page.waitForFunction(() => history.state && history.state.scrollY === 1200, undefined, { timeout: 5000 });
    await page.locator('.dg-sidebar').getByRole('link', { name: 'Guia' }).click();
    await page.getByRole('heading', { level: 1, name: 'Guia' }).waitFor();
    expect(await page.evaluate(() => window.scrollY)).toBe(0);
    await page.goBack();
    await page.getByRole('heading', { level: 1, name: 'Introdução' }).waitFor();
    await page.waitForFunction(() => window.scrollY === 1200, undefined, { timeout: 5000 });

    // A link with a hash to another route lands on that heading, below the navbar.
    await page.goForward();
    await page.getByRole('heading', { level: 1, name: 'Guia' }).waitFor();
    await page.locator('.dg-card', { hasText: 'Primeiros passos' }).click();
    await page.getByRole('heading', { level: 1, name: 'Primeiros passos' }).waitFor();
    await page.locator('.dg-markdown').getByRole('link', { name: 'introdução' }).click();
    await page.waitForURL(site.url + '/docs/intro#primeira-secao');
    await page.waitForFunction(() => {
      const top = document.getElementById('primeira-secao')?.getBoundingClientRect().top ?? -1;
      return top >= 0 && top < 200;
    }, undefined, { timeout: 5000 });
    expect(await isMarked(page)).toBe(true);
    await context.close();
  });

  it('hides the navbar on anchor navigation and when scrolling down, shows it near the top', async () => {
    const { context, page } = await openPage(site);
    await visit(page, site, '/docs/intro');
    const navbar = page.locator('nav.dg-navbar');
    await page.locator('.dg-toc').getByRole('link', { name: 'Segunda seção' }).click();
    await page.waitForURL(/#segunda-secao$/);
    await expect.poll(() => navbar.getAttribute('class')).toContain('dg-navbar--hidden');
    await page.evaluate(() => window.scrollTo(0, 0));
    await expect.poll(() => navbar.getAttribute('class')).not.toContain('dg-navbar--hidden');
    await page.mouse.move(640, 400);
    await page.mouse.wheel(0, 900);
    await expect.poll(() => navbar.getAttribute('class')).toContain('dg-navbar--hidden');
    await page.mouse.wheel(0, -300);
    await expect.poll(() => navbar.getAttribute('class')).not.toContain('dg-navbar--hidden');
    await context.close();
  });

  it('offers a retry when a route chunk fails to load, and the retry reloads the page', async () => {
    const { context, page } = await openPage(site);
    // Installed before the visit: the link is in view, so its chunk is prefetched at once.
    await page.route(/docs-guia-configurar-[^/]*\.js$/, (route) => route.abort());
    await visit(page, site, '/docs/guia/primeiros-passos');
    await markWindow(page);
    await page.locator('.dg-sidebar').getByRole('link', { name: 'Configurar' }).click();
    await page.getByRole('heading', { level: 1, name: 'Não foi possível carregar esta página.' }).waitFor();
    expect(page.url()).toBe(site.url + '/docs/guia/configurar');
    await page.unroute(/docs-guia-configurar-[^/]*\.js$/);
    await Promise.all([
      page.waitForEvent('load'),
      page.getByRole('button', { name: 'Tentar novamente' }).click(),
    ]);
    await page.waitForSelector('html[data-docgen-ready="true"]');
    await page.getByRole('heading', { level: 1, name: 'Configurar' }).waitFor();
    expect(await isMarked(page)).toBe(false); // a real reload happened
    await context.close();
  });

  it('shows the crash fallback with the error and its cause, and Try again renders again', async () => {
    const { context, page } = await openPage(site);
    await visit(page, site, '/docs/category/avançado');
    await page.evaluate(() => { (window as unknown as { __dgCrash: boolean }).__dgCrash = true; });
    await page.locator('.dg-card', { hasText: 'Página que quebra' }).click();
    await page.getByRole('heading', { level: 1, name: 'This page crashed.' }).waitFor();
    const details = await page.locator('.dg-crash__error').innerText();
    expect(details).toContain('Falha simulada ao exibir a página');
    expect(details).toContain('Causa raiz simulada');
    // The navbar and footer survive: only the main area is replaced.
    expect(await page.locator('nav.dg-navbar').count()).toBe(1);
    await page.evaluate(() => { (window as unknown as { __dgCrash: boolean }).__dgCrash = false; });
    await page.getByRole('button', { name: 'Try again' }).click();
    await page.getByText('Esta página só quebra quando o teste pede.').waitFor();
    await context.close();
  });

  it('shows the Portuguese not-found page for unknown paths', async () => {
    const { context, page } = await openPage(site);
    const response = await page.goto(site.url + '/nao-existe');
    expect(response?.status()).toBe(404);
    await page.waitForSelector('html[data-docgen-ready="true"]');
    await page.getByRole('heading', { level: 1, name: 'Página não encontrada' }).waitFor();
    await page.getByRole('link', { name: 'Voltar para a página inicial' }).click();
    await page.getByRole('heading', { level: 1, name: 'Tema de Teste' }).waitFor();
    await context.close();
  });
});
