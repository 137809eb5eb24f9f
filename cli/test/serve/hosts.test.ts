import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSession, sessionKey } from '../../src/serve/session-cookie.js';
import { SECRET, writeFixtureBuild } from './helpers/fixture-build.js';
import { postIdToken, request, setCookie } from './helpers/http.js';
import { baseEnv, startServe, testSecret, type ServeProcess } from './helpers/serve-process.js';
import { ALLOWED_DOMAIN, PROJECT_ID, TokenForge } from './helpers/token-forge.js';

/**
 * DNS rebinding: a page on attacker.example whose name is re-pointed at the server sends
 * `Host: rebind.attacker.example` and is same-origin with itself. The server answers only the
 * host names it expects, and the session endpoint compares the whole Origin (scheme too).
 */
const REBOUND = 'rebind.attacker.example';
const SITE = 'docs.corp.com';
const WEB_APP = `${PROJECT_ID}.web.app`;
const secret = testSecret();
let dir: string;
let forge: TokenForge;
let local: ServeProcess;
let prod: ServeProcess;
let proxied: ServeProcess;
let hosting: ServeProcess;
let cookie: string;

beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'docgen-serve-hosts-'));
  await writeFixtureBuild(dir);
  forge = await TokenForge.create();
  await forge.listen();
  const production = baseEnv({ NODE_ENV: 'production', DOCGEN_SESSION_SECRET: secret, DOCGEN_SITE_URL: `https://${SITE}/` });
  [local, prod, proxied, hosting] = await Promise.all([
    startServe(dir, baseEnv({ DOCGEN_FIREBASE_JWKS_URL: forge.jwksUrl, DOCGEN_SESSION_SECRET: secret })),
    startServe(dir, production),
    startServe(dir, production, ['--trust-proxy']),
    // As the Dockerfile starts it: Cloud Run behind Firebase Hosting (and its default names redirected).
    startServe(dir, { ...production, DOCGEN_SITE_ALIASES: `${WEB_APP}, ${PROJECT_ID}.firebaseapp.com` }, ['--trust-proxy', '2']),
  ]);
  // Production refuses a local key set, so its sessions are made here with the shared secret.
  cookie = `__session=${createSession(sessionKey([secret], PROJECT_ID, ALLOWED_DOMAIN), { uid: 'uid-ana', email: `ana@${ALLOWED_DOMAIN}` }).value}`;
});

afterAll(async () => {
  await Promise.all([local?.stop(), prod?.stop(), proxied?.stop(), hosting?.stop()]);
  await forge?.close();
  if (dir) await rm(dir, { recursive: true, force: true });
});

const port = (s: ServeProcess) => new URL(s.url).port;

describe('outside production (dev, emulator mode, tests)', () => {
  it('refuses a rebound host name: no session, no page, no search index', async () => {
    const rebound = `${REBOUND}:${port(local)}`;
    const post = await postIdToken(local.url, await forge.sign(), { host: rebound, origin: `http://${rebound}` });
    expect(post.status).toBe(421);
    expect(post.headers['set-cookie']).toBeUndefined();
    const signedIn = setCookie(await postIdToken(local.url, await forge.sign()), '__session')!;
    for (const target of ['/docs/intro', '/assets/search-index-9f8e7d6c.json', '/__docgen/login/login-0a1b2c3d.js']) {
      const res = await request(local.url, target, { headers: { host: rebound, cookie: signedIn } });
      expect(res.status, target).toBe(421);
      expect(res.body).not.toContain(SECRET);
    }
  });

  it('answers loopback names and IP literals (which cannot be rebound)', async () => {
    const signedIn = setCookie(await postIdToken(local.url, await forge.sign()), '__session')!;
    for (const host of [`localhost:${port(local)}`, `127.0.0.1:${port(local)}`, 'LOCALHOST', '[::1]:8080', '192.0.2.7']) {
      const res = await request(local.url, '/docs/intro', { headers: { host, cookie: signedIn } });
      expect(res.status, host).toBe(200);
    }
    expect((await request(local.url, '/healthz', { headers: { host: REBOUND } })).status).toBe(200);
  });

  it('refuses Host values the URL parser would reinterpret', async () => {
    for (const host of [`${REBOUND}@localhost`, 'localhost/x', 'localhost:99999x']) {
      expect((await request(local.url, '/docs/intro', { headers: { host, cookie } })).status, host).toBe(421);
    }
  });

  it('compares the Origin scheme too', async () => {
    const origin = new URL(local.url).origin;
    const https = await postIdToken(local.url, await forge.sign(), { origin: origin.replace('http:', 'https:') });
    expect(https.status).toBe(403);
    expect((await postIdToken(local.url, await forge.sign(), { origin })).status).toBe(204);
  });
});

describe('in production', () => {
  it('answers only the site URL host: not a rebound name, not localhost or an IP', async () => {
    expect((await request(prod.url, '/docs/intro', { headers: { host: SITE, cookie } })).body).toContain(SECRET);
    for (const host of [REBOUND, 'localhost', `127.0.0.1:${port(prod)}`]) {
      const res = await request(prod.url, '/docs/intro', { headers: { host, cookie } });
      expect(res.status, host).toBe(421);
      expect(res.body).not.toContain(SECRET);
    }
  });

  it('takes X-Forwarded-Host only with --trust-proxy', async () => {
    const forwarded = { host: 'docgen-abc.a.run.app', 'x-forwarded-host': SITE, cookie };
    expect((await request(prod.url, '/docs/intro', { headers: forwarded })).status).toBe(421);
    expect((await request(proxied.url, '/docs/intro', { headers: forwarded })).status).toBe(200);
    const rebound = { ...forwarded, 'x-forwarded-host': REBOUND };
    expect((await request(proxied.url, '/docs/intro', { headers: rebound })).status).toBe(421);
  });

  it('accepts only the site URL origin, scheme included, on the session endpoint', async () => {
    const post = (origin: string) => request(prod.url, '/__auth/session', { method: 'DELETE', headers: { host: SITE, origin } });
    expect((await post(`http://${SITE}`)).status).toBe(403);
    expect((await post(`https://${REBOUND}`)).status).toBe(403);
    expect((await post(`https://${SITE}`)).status).toBe(204);
  });

  it('behind Firebase Hosting: Host is the Cloud Run service, X-Forwarded-Host the site, and the site is answered over https', async () => {
    // What a Cloud Run service receives through a Hosting rewrite: its own run.app name as Host,
    // the name the browser asked for in X-Forwarded-Host, https in X-Forwarded-Proto, and the
    // client's address followed by the one of Hosting's edge in X-Forwarded-For.
    const viaHosting = { host: 'docgen-7xk2q-rj.a.run.app', 'x-forwarded-host': SITE, 'x-forwarded-proto': 'https', 'x-forwarded-for': '203.0.113.9, 35.191.0.1' };
    const page = await request(hosting.url, '/docs/intro', { headers: { ...viaHosting, cookie } });
    expect(page.status).toBe(200);
    expect(page.body).toContain(SECRET);
    expect(page.headers['strict-transport-security']).toMatch(/max-age=\d+/);
    const signOut = await request(hosting.url, '/__auth/session', { method: 'DELETE', headers: { ...viaHosting, origin: `https://${SITE}` } });
    expect(signOut.status).toBe(204);
    expect(String(signOut.headers['set-cookie'])).toMatch(/; Secure/);
    // The run.app name alone (the service reached directly) is not the site.
    expect((await request(hosting.url, '/docs/intro', { headers: { host: viaHosting.host, cookie } })).status).toBe(421);
  });

  it('behind a proxy, takes the right-most X-Forwarded-Host (written by the proxy, not by the client)', async () => {
    const headers = (forwarded: string) => ({ host: 'docgen-7xk2q-rj.a.run.app', 'x-forwarded-host': forwarded, cookie });
    expect((await request(hosting.url, '/docs/intro', { headers: headers(`${REBOUND}, ${SITE}`) })).status).toBe(200);
    expect((await request(hosting.url, '/docs/intro', { headers: headers(`${SITE}, ${REBOUND}`) })).status).toBe(421);
  });

  it('behind Firebase Hosting, takes the host Hosting was asked for (X-Fh-Requested-Host) over X-Forwarded-Host', async () => {
    const viaHosting = { host: 'docgen-7xk2q-rj.a.run.app', 'x-forwarded-proto': 'https', cookie };
    const page = await request(hosting.url, '/docs/intro', { headers: { ...viaHosting, 'x-fh-requested-host': SITE } });
    expect(page.status).toBe(200);
    expect(page.body).toContain(SECRET);
    const forwardedElsewhere = await request(hosting.url, '/docs/intro', { headers: { ...viaHosting, 'x-fh-requested-host': SITE, 'x-forwarded-host': 'docgen-7xk2q-rj.a.run.app' } });
    expect(forwardedElsewhere.status).toBe(200);
    const rebound = await request(hosting.url, '/docs/intro', { headers: { ...viaHosting, 'x-fh-requested-host': REBOUND, 'x-forwarded-host': SITE } });
    expect(rebound.status).toBe(421);
    // Without --trust-proxy it is only a header a client wrote.
    expect((await request(prod.url, '/docs/intro', { headers: { host: 'docgen-7xk2q-rj.a.run.app', 'x-fh-requested-host': SITE, cookie } })).status).toBe(421);
  });

  it('sends a reader who came by another name of the site (DOCGEN_SITE_ALIASES) to the same path on the site URL, with nothing of it', async () => {
    const viaHosting = (name: string) => ({ host: 'docgen-7xk2q-rj.a.run.app', 'x-fh-requested-host': name, 'x-forwarded-proto': 'https' });
    for (const name of [WEB_APP, `${PROJECT_ID}.firebaseapp.com`, WEB_APP.toUpperCase()]) {
      const res = await request(hosting.url, '/docs/defini%C3%A7%C3%B5es?x=1', { headers: { ...viaHosting(name), cookie } });
      expect(res.status, name).toBe(301);
      expect(res.headers.location).toBe(`https://${SITE}/docs/defini%C3%A7%C3%B5es?x=1`);
      expect(res.body).not.toContain(SECRET);
    }
    // Not a page or a sign-in there: the session endpoint's origin is the site URL's.
    expect((await postIdToken(hosting.url, 'not.a.token', { ...viaHosting(WEB_APP), origin: `https://${WEB_APP}` })).status).toBe(421);
    // Names not listed still get 421, and a server without aliases redirects nothing.
    expect((await request(hosting.url, '/docs/intro', { headers: { ...viaHosting(`other.${WEB_APP}`), cookie } })).status).toBe(421);
    expect((await request(prod.url, '/docs/intro', { headers: { host: WEB_APP, cookie } })).status).toBe(421);
  });
});
