import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { copyFixture, read, write } from '../helpers.js';
import { request } from '../serve/helpers/http.js';
import { ALLOWED_DOMAIN, PROJECT_ID, TokenForge } from '../serve/helpers/token-forge.js';
import { devEnv, startDev, type DevProcess } from './helpers/dev-process.js';

/**
 * The sign-in gate in dev: with `auth` configured and FIREBASE_AUTH_EMULATOR_HOST set, dev
 * refuses what `docgen serve` refuses (same session endpoint and token checks, reused from
 * cli/src/serve). The emulator itself is not needed: its tokens are unsigned, and a test
 * can make one.
 */
let site: string;
let dev: DevProcess;
let forge: TokenForge;

beforeAll(async () => {
  site = copyFixture('basic');
  const auth = `auth: { allowedDomain: '${ALLOWED_DOMAIN}', firebase: { apiKey: 'demo-key', authDomain: '${PROJECT_ID}.firebaseapp.com', projectId: '${PROJECT_ID}', storageBucket: '', messagingSenderId: '', appId: '' } },\n  themeConfig: {`;
  write(site, 'site.config.ts', read(site, 'site.config.ts').replace('themeConfig: {', auth));
  forge = await TokenForge.create();
  dev = await startDev(site, devEnv({ FIREBASE_AUTH_EMULATOR_HOST: '127.0.0.1:9099' }));
});

afterAll(async () => {
  await dev?.stop('SIGKILL');
});

describe('docgen dev with the sign-in gate (Auth emulator mode)', () => {
  it('says so on start', () => {
    expect(dev.output()).toMatch(/EMULATOR MODE/);
    expect(dev.output()).toMatch(/sign-in gate on/);
  });

  it('sends a page without a session the login shell, and nothing protected', async () => {
    const res = await fetch(`${dev.origin}/docs/intro`);
    expect(res.status).toBe(401);
    const html = await res.text();
    expect(html).not.toContain('Introdução ao fixture');
    const shellScript = /<script type="module" src="([^"]+)"><\/script>\n<\/body>/.exec(html)?.[1];
    expect(shellScript).toMatch(/^\/__docgen\/dev\/login\//);
    expect((await fetch(dev.origin + shellScript)).status).toBe(200);

    for (const target of ['/__docgen/dev/chunk.js?route=%2Fdocs%2Fintro&v=0', '/__docgen/dev/routes.json', '/__docgen/dev/events', '/img/logo.svg']) {
      const r = await fetch(dev.origin + target);
      expect(r.status, target).toBe(401);
      await r.body?.cancel();
    }
  });

  it('opens the site to an allowed emulator sign-in, through the same session endpoint as docgen serve', async () => {
    const denied = await fetch(`${dev.origin}/__auth/session`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Origin: dev.origin },
      body: JSON.stringify({ idToken: forge.unsigned({ email: 'ana@outra.com' }) }),
    });
    expect(denied.status).toBe(403);

    const res = await fetch(`${dev.origin}/__auth/session`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Origin: dev.origin },
      body: JSON.stringify({ idToken: forge.unsigned() }),
    });
    expect(res.status).toBe(204);
    const cookie = res.headers.get('set-cookie')!.split(';')[0];
    const page = await fetch(`${dev.origin}/docs/intro`, { headers: { cookie } });
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('Introdução ao fixture');
  });

  it('answers no rebound host name (DNS rebinding): neither the session endpoint nor a page', async () => {
    const port = new URL(dev.origin).port;
    const rebound = `rebind.attacker.example:${port}`;
    const post = await request(dev.origin, '/__auth/session', {
      method: 'POST',
      headers: { host: rebound, origin: `http://${rebound}`, 'content-type': 'application/json' },
      body: JSON.stringify({ idToken: forge.unsigned() }),
    });
    expect(post.status).toBe(421);
    expect(post.headers['set-cookie']).toBeUndefined();
    const ok = await request(dev.origin, '/__auth/session', {
      method: 'POST',
      headers: { origin: dev.origin, 'content-type': 'application/json' },
      body: JSON.stringify({ idToken: forge.unsigned() }),
    });
    const cookie = String(ok.headers['set-cookie']).split(';')[0];
    const page = await request(dev.origin, '/docs/intro', { headers: { host: rebound, cookie } });
    expect(page.status).toBe(421);
    expect(page.body).not.toContain('Introdução ao fixture');
    expect((await request(dev.origin, '/docs/intro', { headers: { host: `localhost:${port}`, cookie } })).status).toBe(200);
  });
});
