import { chromium, type Browser } from 'playwright-core';

/**
 * Debian's Chromium, headless, kept off every host but this machine's loopback
 * (TESTING-NOTES.md: without these flags it tries Google's hosts at every start).
 */
export function launchChromium(): Promise<Browser> {
  return chromium.launch({
    executablePath: '/usr/bin/chromium',
    headless: true,
    args: [
      '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run',
      '--disable-background-networking', '--disable-component-update', '--disable-sync',
      '--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE localhost, EXCLUDE 127.0.0.1',
    ],
  });
}
