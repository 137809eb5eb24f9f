import type { Browser } from 'playwright-core';
import { launchChromium } from '../../../test-support/browser.js';
import { startStaticServer } from '../e2e-auth/static-server.js';
import { copyFixture, docgen } from '../helpers.js';

export interface BuiltFixtureInBrowser {
  browser: Browser;
  server: { url: string; close(): Promise<void> };
  close(): Promise<void>;
}

/** A fixture built by `docgen build` (a failed build throws its output), served statically, and a Chromium to open it in. */
export async function builtFixtureInBrowser(name: string): Promise<BuiltFixtureInBrowser> {
  const site = copyFixture(name);
  const built = docgen(['build', site]);
  if (built.code !== 0) throw new Error(built.output);
  const server = await startStaticServer(`${site}/build`);
  const browser = await launchChromium();
  return { browser, server, close: async () => { await browser.close(); await server.close(); } };
}
