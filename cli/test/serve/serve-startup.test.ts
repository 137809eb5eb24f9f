import { mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SECRET, writeFixtureBuild } from './helpers/fixture-build.js';
import { postIdToken, request, setCookie } from './helpers/http.js';
import { baseEnv, serveRefusal, startServe, testSecret } from './helpers/serve-process.js';
import { ALLOWED_DOMAIN, TokenForge } from './helpers/token-forge.js';

/** What `docgen serve` refuses to start with, emulator mode, and a build without a gate. */
const GOOD_SECRET = testSecret();
const SITE_URL = 'https://docs.corp.com/';
/** What a correct production start has. */
const production = (extra: Record<string, string> = {}) => baseEnv({ NODE_ENV: 'production', DOCGEN_SESSION_SECRET: GOOD_SECRET, DOCGEN_SITE_URL: SITE_URL, ...extra });
let root: string;
let gated: string;
let emulatorBuild: string;
let open: string;
let forge: TokenForge;

beforeAll(async () => {
  root = await mkdtemp(path.join(tmpdir(), 'docgen-serve-startup-'));
  [gated, emulatorBuild, open] = ['gated', 'emulator', 'open'].map((n) => path.join(root, n));
  await writeFixtureBuild(gated);
  await writeFixtureBuild(emulatorBuild, { emulatorHost: '127.0.0.1:9099' });
  await writeFixtureBuild(open, { auth: null });
  forge = await TokenForge.create();
});

afterAll(async () => {
  if (root) await rm(root, { recursive: true, force: true });
});

describe('docgen serve refuses to start', () => {
  it('in production without DOCGEN_SESSION_SECRET', async () => {
    const r = await serveRefusal(gated, baseEnv({ NODE_ENV: 'production' }));
    expect(r.code).toBe(1);
    expect(r.output).toContain('DOCGEN_SESSION_SECRET is not set');
  });

  it('with a secret shorter than 32 bytes', async () => {
    const r = await serveRefusal(gated, baseEnv({ NODE_ENV: 'production', DOCGEN_SESSION_SECRET: 'p'.repeat(31) }));
    expect(r.code).toBe(1);
    expect(r.output).toContain('too short');
  });

  it('in emulator mode when NODE_ENV=production', async () => {
    const r = await serveRefusal(gated, baseEnv({ NODE_ENV: 'production', DOCGEN_SESSION_SECRET: GOOD_SECRET, FIREBASE_AUTH_EMULATOR_HOST: '127.0.0.1:9099' }));
    expect(r.code).toBe(1);
    expect(r.output).toContain('refused in production');
  });

  it('in production with a build made for the emulator', async () => {
    const r = await serveRefusal(emulatorBuild, baseEnv({ NODE_ENV: 'production', DOCGEN_SESSION_SECRET: GOOD_SECRET }));
    expect(r.code).toBe(1);
    expect(r.output).toContain('rebuild it without FIREBASE_AUTH_EMULATOR_HOST');
  });

  it('in emulator mode on a non-loopback host', async () => {
    const r = await serveRefusal(gated, baseEnv({ FIREBASE_AUTH_EMULATOR_HOST: '127.0.0.1:9099' }), ['--host', '0.0.0.0']);
    expect(r.code).toBe(1);
    expect(r.output).toContain('loopback');
  });

  it.each([undefined, 'prod', 'Production', 'production '])('with FIREBASE_AUTH_EMULATOR_HOST on a build made for a real project (NODE_ENV %s)', async (nodeEnv) => {
    const env = baseEnv({ FIREBASE_AUTH_EMULATOR_HOST: '127.0.0.1:9099', DOCGEN_SESSION_SECRET: GOOD_SECRET });
    if (nodeEnv === undefined) delete env.NODE_ENV;
    else env.NODE_ENV = nodeEnv;
    const r = await serveRefusal(gated, env);
    expect(r.code).toBe(1);
    expect(r.output).toContain('this build was made for a real Firebase project');
  });

  it('in production with placeholder sign-in settings (reserved domain, demo- project)', async () => {
    const placeholder = path.join(root, 'placeholder');
    await writeFixtureBuild(placeholder, { allowedDomain: 'empresa.example', projectId: 'demo-docgen' });
    const r = await serveRefusal(placeholder, baseEnv({ NODE_ENV: 'production', DOCGEN_SESSION_SECRET: GOOD_SECRET }));
    expect(r.code).toBe(1);
    expect(r.output).toContain('allowed domain "empresa.example"');
    expect(r.output).toContain('Firebase project "demo-docgen"');
  });

  it.each([
    ['a repeated character', 'p'.repeat(48)],
    ['two characters', 'ab'.repeat(24)],
  ])('with a long but guessable secret (%s)', async (_what, secret) => {
    const r = await serveRefusal(gated, production({ DOCGEN_SESSION_SECRET: secret }));
    expect(r.code).toBe(1);
    expect(r.output).toContain('DOCGEN_SESSION_SECRET is too predictable');
  });

  it('with a guessable previous secret, or a previous secret alone', async () => {
    const weak = await serveRefusal(gated, production({ DOCGEN_SESSION_SECRET_PREVIOUS: 'q'.repeat(40) }));
    expect(weak.code).toBe(1);
    expect(weak.output).toContain('DOCGEN_SESSION_SECRET_PREVIOUS is too predictable');
    const env = production({ DOCGEN_SESSION_SECRET_PREVIOUS: testSecret() });
    delete env.DOCGEN_SESSION_SECRET;
    const alone = await serveRefusal(gated, env);
    expect(alone.code).toBe(1);
    expect(alone.output).toContain('DOCGEN_SESSION_SECRET_PREVIOUS is set without DOCGEN_SESSION_SECRET');
  });

  it('in production with DOCGEN_FIREBASE_JWKS_URL (keys not from Google)', async () => {
    const r = await serveRefusal(gated, production({ DOCGEN_FIREBASE_JWKS_URL: 'http://127.0.0.1:9/keys' }));
    expect(r.code).toBe(1);
    expect(r.output).toContain('DOCGEN_FIREBASE_JWKS_URL is set but NODE_ENV=production');
  });

  it('in production without DOCGEN_SITE_URL (the only host it would answer), or with an http:// one', async () => {
    const env = production();
    delete env.DOCGEN_SITE_URL;
    const missing = await serveRefusal(gated, env);
    expect(missing.code).toBe(1);
    expect(missing.output).toContain('DOCGEN_SITE_URL is not set');
    const plain = await serveRefusal(gated, production({ DOCGEN_SITE_URL: 'http://docs.corp.com/' }));
    expect(plain.code).toBe(1);
    expect(plain.output).toContain('must be an https:// URL in production');
  });

  it('with DOCGEN_SITE_ALIASES that are not host names, or without a site URL to send them to', async () => {
    const bad = await serveRefusal(gated, production({ DOCGEN_SITE_ALIASES: 'demo.web.app, https://demo.firebaseapp.com/' }));
    expect(bad.code).toBe(1);
    expect(bad.output).toContain('DOCGEN_SITE_ALIASES: https://demo.firebaseapp.com/ is not another host name of the site');
    const same = await serveRefusal(gated, production({ DOCGEN_SITE_ALIASES: new URL(SITE_URL).hostname }));
    expect(same.output).toContain('is not another host name of the site');
    const noSite = await serveRefusal(gated, baseEnv({ DOCGEN_SITE_ALIASES: 'demo.web.app' }));
    expect(noSite.code).toBe(1);
    expect(noSite.output).toContain('DOCGEN_SITE_ALIASES is set without DOCGEN_SITE_URL');
  });

  it('in production with a build without sign-in, unless --public says so', async () => {
    const r = await serveRefusal(open, production());
    expect(r.code).toBe(1);
    expect(r.output).toContain('pass --public if the site is meant to be public');
    const s = await startServe(open, production(), ['--public']);
    expect((await request(s.url, '/docs/intro', { headers: { host: 'docs.corp.com' } })).status).toBe(200);
    expect(await s.stop()).toBe(0);
  });

  it('without a build', async () => {
    const r = await serveRefusal(path.join(root, 'missing'), baseEnv());
    expect(r.code).toBe(1);
    expect(r.output).toContain('Run `docgen build` first');
  });
});

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

describe('docgen serve starts', () => {
  it('in production with a secret, refusing unsigned tokens, and stops with 0 on SIGTERM', async () => {
    const s = await startServe(gated, production());
    expect((await postIdToken(s.url, forge.unsigned(), { host: 'docs.corp.com', origin: 'https://docs.corp.com' })).status).toBe(401);
    expect(await s.stop()).toBe(0);
  });

  it('on the port in PORT when --port is not given (as Cloud Run sets it)', async () => {
    const port = await freePort();
    const s = await startServe(gated, baseEnv({ PORT: String(port) }), [], { noPort: true });
    try {
      expect(new URL(s.url).port).toBe(String(port));
    } finally {
      await s.stop();
    }
  });

  it('in emulator mode: warns, accepts unsigned emulator tokens, still checks their claims', async () => {
    const s = await startServe(emulatorBuild, baseEnv({ FIREBASE_AUTH_EMULATOR_HOST: '127.0.0.1:9099' }));
    try {
      expect(s.output()).toContain('EMULATOR MODE');
      const post = (idToken: string) => postIdToken(s.url, idToken);
      const ok = await post(forge.unsigned());
      expect(ok.status).toBe(204);
      const page = await request(s.url, '/docs/intro', { headers: { cookie: setCookie(ok, '__session')! } });
      expect(page.body).toContain(SECRET);
      expect((await post(forge.unsigned({ email: 'eve@gmail.com' }))).status).toBe(403);
      expect((await post(forge.unsigned({ aud: 'other-project' }))).status).toBe(401);
      expect((await post(forge.unsigned({ email: `a@evil.com@${ALLOWED_DOMAIN}` }))).status).toBe(403);
    } finally {
      await s.stop();
    }
  });

  it('with auth: null, serving everything and warning loudly', async () => {
    const s = await startServe(open, baseEnv());
    try {
      expect(s.output()).toContain('NO SIGN-IN');
      const page = await request(s.url, '/docs/intro');
      expect(page.status).toBe(200);
      expect(page.body).toContain(SECRET);
      expect((await request(s.url, '/.docgen/manifest.json')).status).toBe(404);
      expect((await request(s.url, '/__auth/session', { method: 'POST' })).status).toBe(405);
    } finally {
      await s.stop();
    }
  });
});
