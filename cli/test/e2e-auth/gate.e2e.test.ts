import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { launchChromium } from '../../../test-support/browser.js';
import { startAuthEmulator, type AuthEmulator } from '../../../test-support/emulator.js';
import { docgen, repoRoot } from '../helpers.js';
import { baseEnv, startServe, type ServeProcess } from '../serve/helpers/serve-process.js';
import { newGateContext, sessionCookie, signInThroughPopup } from './browser-helpers.js';
import { startStaticServer } from './static-server.js';

/**
 * The sign-in gate end to end: Debian's Chromium, a real `docgen serve` of a real build, and
 * the real Firebase Auth emulator (its account chooser stands in for Google's popup).
 */
const fixtureSite = path.join(repoRoot, 'cli/test/serve/fixtures/gated-site');
const DEEP_LINK = 'docs/guia/segredo';
const DEEP_TEXT = 'SEGREDO-GUIA-4K9';

let emulator: AuthEmulator;
let serve: ServeProcess;
let staticHost: Awaited<ReturnType<typeof startStaticServer>>;
let browser: Browser;
let outDir: string;
let context: BrowserContext;
let page: Page;

beforeAll(async () => {
  outDir = await mkdtemp(path.join(tmpdir(), 'docgen-e2e-auth-'));
  emulator = await startAuthEmulator();
  for (const mode of ['server', 'static']) {
    const built = docgen(['build', fixtureSite, '--out-dir', path.join(outDir, mode)], {
      env: { FIREBASE_AUTH_EMULATOR_HOST: emulator.host, DOCGEN_ALLOWED_DOMAIN: 'corp.com', FIXTURE_AUTH_MODE: mode },
    });
    if (built.code !== 0) throw new Error(`fixture build (${mode}) failed:\n${built.output}`);
  }
  serve = await startServe(path.join(outDir, 'server'), baseEnv({ FIREBASE_AUTH_EMULATOR_HOST: emulator.host }));
  staticHost = await startStaticServer(path.join(outDir, 'static'));
  browser = await launchChromium();
});

afterAll(async () => {
  await browser?.close();
  await serve?.stop();
  await staticHost?.close();
  await emulator?.stop();
  if (outDir) await rm(outDir, { recursive: true, force: true });
});

beforeEach(async () => {
  await emulator.clearAccounts();
  context = await newGateContext(browser);
  page = await context.newPage();
});

afterEach(async () => {
  await context?.close();
});

const card = () => page.getByRole('heading', { name: 'Acesso Restrito' });

describe('the sign-in gate in the browser', () => {
  it('shows the card for a deep link opened signed out, and lands on that page after sign-in', async () => {
    // The CSP must let Firebase sign-in work, and the login shell may use only public files.
    const cspViolations: string[] = [];
    page.on('console', (m) => { if (/Content Security Policy/i.test(m.text())) cspViolations.push(m.text()); });
    const refused: string[] = [];
    page.on('response', (r) => { if (r.status() === 401 && r.request().resourceType() !== 'document') refused.push(r.url()); });
    const res = await page.goto(serve.url + DEEP_LINK);
    expect(res?.status()).toBe(401);
    await card().waitFor();
    expect(await page.getByText('Faça login com sua conta corporativa @corp.com para acessar a documentação.').isVisible()).toBe(true);
    expect(await page.content()).not.toContain(DEEP_TEXT);

    await signInThroughPopup(page, 'ana@corp.com', 'Ana Souza');

    await page.getByText(DEEP_TEXT).waitFor();
    expect(new URL(page.url()).pathname).toBe(`/${DEEP_LINK}`);
    await expect.poll(() => page.locator('.dg-gate__name').textContent()).toBe('Ana Souza');
    const signOut = page.getByRole('button', { name: 'Sair' });
    expect(await signOut.evaluate((el) => getComputedStyle(el).backgroundColor)).toBe('rgb(220, 53, 69)');
    // Top right, in the sticky navbar row (badge.e2e.test.ts checks it covers nothing).
    expect(await page.locator('nav.dg-navbar .dg-gate__user').count()).toBe(1);
    expect(await page.locator('nav.dg-navbar').evaluate((el) => getComputedStyle(el).position)).toBe('sticky');
    expect(await sessionCookie(context, serve.url)).toBeTruthy();
    expect(cspViolations).toEqual([]);
    expect(refused).toEqual([]);
  });

  it('renews the one-hour server session from each refreshed ID token while the page stays open', async () => {
    // A fake clock in the page (time flows until it is moved): jumping 56 minutes makes the
    // SDK refresh its one-hour ID token, as it would five minutes before expiry.
    await page.clock.install();
    await page.goto(serve.url + 'docs/intro');
    await signInThroughPopup(page, 'duda@corp.com', 'Duda Melo');
    await page.getByText('SEGREDO-INTRO-7Q2').waitFor();
    // The name shows once the page's own session POST (after the reload) has been answered.
    await expect.poll(() => page.locator('.dg-gate__name').textContent()).toBe('Duda Melo');
    const before = await sessionCookie(context, serve.url);
    expect(before).toBeTruthy();
    const renewed = page.waitForResponse((r) => r.url().endsWith('/__auth/session') && r.request().method() === 'POST');
    // The emulator's tokens are unsigned and carry whole seconds: a refresh within the second
    // of the sign-in gives back the very same token, which the SDK does not report as a change.
    const issuedAt = JSON.parse(Buffer.from(before!.split('.')[1], 'base64url').toString()).iat as number;
    await expect.poll(() => Math.floor(Date.now() / 1000), { timeout: 5_000 }).toBeGreaterThan(issuedAt);
    await page.clock.fastForward('56:00');
    expect((await renewed).status()).toBe(204);
    const after = await sessionCookie(context, serve.url);
    expect(after).toBeTruthy();
    expect(after).not.toBe(before);
    expect((await page.request.get(serve.url + 'docs/intro')).status()).toBe(200);
  });

  it('keeps the session across a reload', async () => {
    await page.goto(serve.url);
    await signInThroughPopup(page, 'bia@corp.com', 'Bia Lima');
    await page.getByText('SEGREDO-HOME-2X8').waitFor();
    const res = await page.reload();
    expect(res?.status()).toBe(200);
    await page.getByText('SEGREDO-HOME-2X8').waitFor();
    await expect.poll(() => page.locator('.dg-gate__name').textContent()).toBe('Bia Lima');
  });

  it("returns to the card on 'Sair', after which protected URLs answer 401 again", async () => {
    await page.goto(serve.url + 'docs/intro');
    await signInThroughPopup(page, 'caio@corp.com', 'Caio Reis');
    await page.getByText('SEGREDO-INTRO-7Q2').waitFor();
    // The server session is cleared before the card shows: wait for that request, not for time.
    const deleted = page.waitForResponse((r) => r.url().endsWith('/__auth/session') && r.request().method() === 'DELETE');
    await page.getByRole('button', { name: 'Sair' }).click();
    expect((await deleted).status()).toBe(204);
    await card().waitFor();
    expect(await sessionCookie(context, serve.url)).toBeUndefined();
    const again = await page.request.get(serve.url + 'docs/intro');
    expect(again.status()).toBe(401);
    expect(await again.text()).not.toContain('SEGREDO-INTRO-7Q2');
    // Still signed out after a reload: Firebase's own session ended too.
    await page.reload();
    await card().waitFor();
  });

  it("keeps the reader signed in when the server session could not be cleared, and 'Sair' works again", async () => {
    await page.goto(serve.url + 'docs/intro');
    await signInThroughPopup(page, 'bruno@corp.com', 'Bruno Lima');
    await page.getByText('SEGREDO-INTRO-7Q2').waitFor();
    // The first DELETE fails (the page also POSTs to this URL on load: those pass through).
    let failed = false;
    await page.route('**/__auth/session', (route) => {
      if (route.request().method() !== 'DELETE' || failed) return route.fallback();
      failed = true;
      return route.fulfill({ status: 503, body: '' });
    });
    const logged = page.waitForEvent('console', (m) => m.type() === 'error' && m.text().includes('sign-out failed'));
    await page.getByRole('button', { name: 'Sair' }).click();
    await logged;
    // The cookie is still valid, so the card must not claim the reader is signed out.
    expect(await card().count()).toBe(0);
    expect(await page.locator('.dg-gate__name').textContent()).toBe('Bruno Lima');
    expect(await sessionCookie(context, serve.url)).toBeTruthy();

    const deleted = page.waitForResponse((r) => r.url().endsWith('/__auth/session') && r.request().method() === 'DELETE');
    await page.getByRole('button', { name: 'Sair' }).click();
    expect((await deleted).ok()).toBe(true);
    await card().waitFor();
    expect(await sessionCookie(context, serve.url)).toBeUndefined();
  });

  it('signs out an address on another domain and shows the error line', async () => {
    await page.goto(serve.url + 'docs/intro');
    await card().waitFor();
    await signInThroughPopup(page, 'eve@gmail.com', 'Eve');
    await page.getByText('Apenas emails @corp.com são permitidos').waitFor();
    expect(await card().isVisible()).toBe(true);
    expect(await sessionCookie(context, serve.url)).toBeUndefined();
    expect((await page.request.get(serve.url + 'docs/intro')).status()).toBe(401);
    await page.reload();
    await card().waitFor();
    expect(await page.content()).not.toContain('SEGREDO-INTRO-7Q2');
  });

  it('leaves the card usable when the popup is closed', async () => {
    await page.goto(serve.url);
    await card().waitFor();
    const popupOpened = page.waitForEvent('popup');
    await page.getByRole('button', { name: 'Entrar com Google' }).click();
    await (await popupOpened).close();
    await page.getByText('Ocorreu um erro durante o login. Tente novamente.').waitFor();
    await signInThroughPopup(page, 'duda@corp.com', 'Duda');
    await page.getByText('SEGREDO-HOME-2X8').waitFor();
  });
});

describe('the sign-in gate of a build for plain static hosting', () => {
  it('hides the page behind the card until an allowed address signs in, then shows it with the name and Sair', async () => {
    await page.goto(staticHost.url + 'docs/intro');
    await card().waitFor();
    expect(await page.getByText('SEGREDO-INTRO-7Q2').count()).toBe(0);
    await signInThroughPopup(page, 'ana@corp.com', 'Ana Souza');
    await page.getByText('SEGREDO-INTRO-7Q2').waitFor();
    await expect.poll(() => page.locator('.dg-gate__name').textContent()).toBe('Ana Souza');
    await page.reload();
    await page.getByText('SEGREDO-INTRO-7Q2').waitFor();
    await page.getByRole('button', { name: 'Sair' }).click();
    await card().waitFor();
    expect(await page.getByText('SEGREDO-INTRO-7Q2').count()).toBe(0);
  });

  it('signs out an address on another domain', async () => {
    await page.goto(staticHost.url);
    await card().waitFor();
    await signInThroughPopup(page, 'eve@corp.com.evil.com', 'Eve');
    await page.getByText('Apenas emails @corp.com são permitidos').waitFor();
    expect(await page.getByText('SEGREDO-HOME-2X8').count()).toBe(0);
  });
});
