import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openPage, startFixtureSite, visit, type FixtureSite } from '../support/fixture-site';

// Layout behaviour in a real browser: mobile menu, dropdown keyboard use, colour mode,
// announcement bar, version preference (issue 3, SPEC 2 and 4).
let site: FixtureSite;
beforeAll(async () => {
  site = await startFixtureSite();
});
afterAll(async () => {
  await site?.close();
});

describe('mobile sidebar (375 px)', () => {
  it('opens and closes, locks page scrolling while open, and switches between its menus', async () => {
    const { context, page } = await openPage(site, { width: 375, height: 740 });
    await visit(page, site, '/docs/guia/configurar');
    const toggle = page.getByRole('button', { name: 'Abrir ou fechar o menu de navegação' });
    expect(await page.locator('.dg-navbar__items .dg-navbar__link').first().isVisible()).toBe(false);
    await toggle.click();
    const dialog = page.getByRole('dialog', { name: 'Menu de navegação' });
    await dialog.waitFor();
    expect(await toggle.getAttribute('aria-expanded')).toBe('true');
    await expect.poll(() => page.evaluate(() => getComputedStyle(document.body).overflow)).toBe('hidden');
    // On a doc page the secondary menu (the docs sidebar) comes first.
    expect(await dialog.locator('[aria-current="page"]').innerText()).toBe('Configurar');
    await dialog.getByRole('button', { name: '← Voltar para o menu principal' }).click();
    await dialog.getByRole('link', { name: 'Início' }).waitFor();
    // The dropdown holding the active page starts expanded; the others collapsed.
    const recursos = dialog.getByRole('button', { name: 'Recursos' });
    expect(await recursos.getAttribute('aria-expanded')).toBe('true');
    await recursos.click();
    await expect.poll(() => recursos.getAttribute('aria-expanded')).toBe('false');
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    await expect.poll(() => page.evaluate(() => getComputedStyle(document.body).overflow)).not.toBe('hidden');
    await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute('aria-label'))).toBe('Abrir ou fechar o menu de navegação');

    // Following a link closes it and unlocks scrolling.
    await toggle.click();
    await dialog.waitFor();
    await dialog.getByRole('link', { name: 'Primeiros passos' }).click();
    await page.getByRole('heading', { level: 1, name: 'Primeiros passos' }).waitFor();
    await dialog.waitFor({ state: 'detached' });
    await expect.poll(() => page.evaluate(() => document.body.style.overflow)).toBe('');
    await context.close();
  });

  it('closes on Escape wherever focus is: after "Voltar" and after a click on the panel', async () => {
    const { context, page } = await openPage(site, { width: 375, height: 740 });
    await visit(page, site, '/docs/guia/configurar');
    const toggle = page.getByRole('button', { name: 'Abrir ou fechar o menu de navegação' });
    const dialog = page.getByRole('dialog', { name: 'Menu de navegação' });
    await toggle.click();
    await dialog.getByRole('button', { name: '← Voltar para o menu principal' }).click();
    await dialog.getByRole('link', { name: 'Início' }).waitFor();
    // The pressed button is gone: focus moves into the primary menu, not to <body>.
    await expect.poll(() => page.evaluate(() => Boolean(document.activeElement?.closest('[role="dialog"]')))).toBe(true);
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });

    await toggle.click();
    await dialog.waitFor();
    // A click on the panel's empty background leaves focus on <body>.
    const panel = await dialog.boundingBox();
    await page.mouse.click(panel!.x + panel!.width / 2, panel!.y + panel!.height - 10);
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    await context.close();
  });

  it('closes from its close button and the backdrop', async () => {
    const { context, page } = await openPage(site, { width: 375, height: 740 });
    await visit(page, site, '/');
    const toggle = page.getByRole('button', { name: 'Abrir ou fechar o menu de navegação' });
    const dialog = page.getByRole('dialog', { name: 'Menu de navegação' });
    await toggle.click();
    // No docs sidebar on the home page: the primary menu shows directly.
    await dialog.getByRole('link', { name: 'Tutorial' }).waitFor();
    await dialog.getByRole('button', { name: 'Fechar o menu de navegação' }).click();
    await dialog.waitFor({ state: 'detached' });
    await toggle.click();
    await dialog.waitFor();
    await page.mouse.click(360, 400); // right of the panel: the backdrop
    await dialog.waitFor({ state: 'detached' });
    await context.close();
  });
});

describe('desktop dropdown', () => {
  it('works by keyboard: Enter opens, arrows move, Escape closes, focus leaving closes', async () => {
    const { context, page } = await openPage(site);
    await visit(page, site, '/');
    const toggle = page.locator('nav.dg-navbar').getByRole('button', { name: 'Recursos' });
    const menu = page.locator('nav.dg-navbar .dg-dropdown')
      .filter({ has: page.getByRole('button', { name: 'Recursos' }) }).locator('.dg-dropdown__menu');
    await toggle.focus();
    await page.keyboard.press('Enter');
    // Polled: the browser runtime (preact/compat) renders a key's effect just after the event.
    await expect.poll(() => toggle.getAttribute('aria-expanded')).toBe('true');
    await expect.poll(() => menu.isVisible()).toBe(true);
    await page.keyboard.press('ArrowDown');
    await expect.poll(() => page.evaluate(() => document.activeElement?.textContent)).toBe('Página avulsa');
    await page.keyboard.press('ArrowDown');
    await expect.poll(() => page.evaluate(() => document.activeElement?.textContent)).toBe('Guia');
    await page.keyboard.press('Escape');
    await expect.poll(() => toggle.getAttribute('aria-expanded')).toBe('false');
    await expect.poll(() => page.evaluate(() => document.activeElement?.textContent)).toContain('Recursos');
    await expect.poll(() => menu.isVisible()).toBe(false);

    // Tab through the open menu and out of it: it closes.
    await page.keyboard.press('Enter');
    for (let i = 0; i < 4; i++) await page.keyboard.press('Tab');
    await expect.poll(() => toggle.getAttribute('aria-expanded')).toBe('false');

    // Enter on a focused entry follows it client-side.
    await toggle.focus();
    await page.keyboard.press('ArrowDown');
    await expect.poll(() => page.evaluate(() => document.activeElement?.textContent)).toBe('Página avulsa');
    await page.keyboard.press('Enter');
    await page.waitForURL(site.url + '/markdown-page');
    expect(page.url()).toBe(site.url + '/markdown-page');
    await context.close();
  });

  it('opens on hover and closes on a click outside', async () => {
    const { context, page } = await openPage(site);
    await visit(page, site, '/');
    const toggle = page.locator('nav.dg-navbar').getByRole('button', { name: 'Recursos' });
    const menu = page.locator('nav.dg-navbar .dg-dropdown')
      .filter({ has: page.getByRole('button', { name: 'Recursos' }) }).locator('.dg-dropdown__menu');
    await toggle.hover();
    await expect.poll(() => menu.isVisible()).toBe(true);
    await toggle.click();
    await expect.poll(() => toggle.getAttribute('aria-expanded')).toBe('true');
    await page.mouse.click(640, 600);
    await expect.poll(() => toggle.getAttribute('aria-expanded')).toBe('false');
    await expect.poll(() => menu.isVisible()).toBe(false);
    await context.close();
  });

  it('saves the chosen docs version as the preferred one', async () => {
    const { context, page } = await openPage(site);
    await visit(page, site, '/docs/intro');
    const toggle = page.locator('nav.dg-navbar').getByRole('button', { name: /v2\.0/ });
    await toggle.click();
    await page.locator('.dg-dropdown__menu').getByRole('link', { name: 'v1.0' }).click();
    await page.getByRole('heading', { level: 1, name: 'Introdução (v1.0)' }).waitFor();
    await expect.poll(() => page.evaluate(() => localStorage.getItem('docs-preferred-version-default'))).toBe('1.0');
    await context.close();
  });
});

describe('colour mode', () => {
  it('cycles light → dark → light, is stored, and survives a reload before first paint', async () => {
    const { context, page } = await openPage(site);
    await visit(page, site, '/docs/intro');
    const html = page.locator('html');
    expect(await html.getAttribute('data-theme')).toBe('light');
    const toggle = page.locator('nav.dg-navbar').getByRole('button', { name: /Alternar entre os modos/ });
    expect(await toggle.getAttribute('aria-label')).toContain('atualmente modo claro');
    await toggle.click();
    await expect.poll(() => html.getAttribute('data-theme')).toBe('dark');
    expect(await toggle.getAttribute('aria-label')).toContain('atualmente modo escuro');
    await expect.poll(() => page.evaluate(() => localStorage.getItem('theme'))).toBe('dark');

    // The inline head script applies it before the app runs: check with the app's JS blocked.
    await page.route(/\/assets\/.*\.js$/, (route) => route.abort());
    await page.reload();
    expect(await html.getAttribute('data-theme')).toBe('dark');
    await page.unroute(/\/assets\/.*\.js$/);
    await visit(page, site, '/docs/intro');
    expect(await html.getAttribute('data-theme')).toBe('dark');
    await page.locator('nav.dg-navbar').getByRole('button', { name: /Alternar entre os modos/ }).click();
    await expect.poll(() => html.getAttribute('data-theme')).toBe('light');
    await expect.poll(() => page.evaluate(() => localStorage.getItem('theme'))).toBe('light');
    await context.close();
  });
});

describe('announcement bar', () => {
  it('closes for good: still closed after a reload and on other pages', async () => {
    const { context, page } = await openPage(site);
    await visit(page, site, '/');
    const bar = page.locator('.dg-announcement');
    expect(await bar.innerText()).toContain('Aviso de teste');
    expect(await bar.evaluate((el) => getComputedStyle(el).backgroundColor)).toBe('rgb(255, 243, 205)');
    await bar.getByRole('button', { name: 'Fechar' }).click();
    await bar.waitFor({ state: 'detached' });
    await page.reload();
    expect(await page.locator('html').getAttribute('data-announcement-dismissed')).toBe('true');
    expect(await bar.isVisible()).toBe(false);
    await visit(page, site, '/docs/intro');
    expect(await bar.isVisible()).toBe(false);
    await context.close();
  });
});
