import { readFileSync } from 'node:fs';
import type { Browser, BrowserContext, Page } from 'playwright-core';

const gapiStub = readFileSync(new URL('../../../test-support/gapi-stub.js', import.meta.url), 'utf8');

/**
 * A fresh browser context (no cookies, no IndexedDB) whose requests for Google's gapi loader
 * get the local stand-in. Routed at the context level so the emulator's helper iframe gets
 * it too (TESTING-NOTES.md); the product code is not changed for tests.
 */
export async function newGateContext(browser: Browser): Promise<BrowserContext> {
  const context = await browser.newContext();
  await context.route('https://apis.google.com/js/api.js**', (route) =>
    route.fulfill({ status: 200, contentType: 'text/javascript; charset=utf-8', body: gapiStub }),
  );
  return context;
}

/**
 * Presses 'Entrar com Google' and signs in through the Auth emulator's account chooser
 * (its popup stands in for Google's), creating the account `email`.
 */
export async function signInThroughPopup(page: Page, email: string, displayName: string): Promise<void> {
  const popupOpened = page.waitForEvent('popup');
  await page.getByRole('button', { name: 'Entrar com Google' }).click();
  const popup = await popupOpened;
  const closed = popup.waitForEvent('close');
  await popup.waitForSelector('#add-account-button');
  await popup.click('#add-account-button button');
  await popup.fill('#email-input', email);
  await popup.fill('#display-name-input', displayName);
  await popup.click('#sign-in');
  await closed;
}

/** The `__session` cookie the context holds for `url`, if any. */
export async function sessionCookie(context: BrowserContext, url: string): Promise<string | undefined> {
  return (await context.cookies(url)).find((c) => c.name === '__session')?.value;
}
