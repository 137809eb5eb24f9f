import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSession, sessionKey, SESSION_TTL_S } from '../../src/serve/session-cookie.js';
import { LOGIN_MARKER, SECRET, writeFixtureBuild } from './helpers/fixture-build.js';
import { postIdToken, request, setCookie, setCookieLine } from './helpers/http.js';
import { baseEnv, startServe, testSecret, type ServeProcess } from './helpers/serve-process.js';
import { ALLOWED_DOMAIN, PROJECT_ID, TokenForge } from './helpers/token-forge.js';

/** The `__session` cookie: its attributes, tampering, expiry, sign-out, and sharing between processes. */
const SESSION_SECRET = testSecret();
const OTHER_SECRET = testSecret();
let dir: string;
let forge: TokenForge;
let a: ServeProcess;
let b: ServeProcess;
let c: ServeProcess;
/** Rotating: the new secret signs, the old one (a's) is still read. */
let rotated: ServeProcess;

beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'docgen-serve-cookie-'));
  await writeFixtureBuild(dir);
  forge = await TokenForge.create();
  await forge.listen();
  const env = { DOCGEN_FIREBASE_JWKS_URL: forge.jwksUrl };
  [a, b, c, rotated] = await Promise.all([
    startServe(dir, baseEnv({ ...env, DOCGEN_SESSION_SECRET: SESSION_SECRET })),
    startServe(dir, baseEnv({ ...env, DOCGEN_SESSION_SECRET: SESSION_SECRET }), ['--trust-proxy']),
    startServe(dir, baseEnv({ ...env, DOCGEN_SESSION_SECRET: OTHER_SECRET })),
    startServe(dir, baseEnv({ ...env, DOCGEN_SESSION_SECRET: OTHER_SECRET, DOCGEN_SESSION_SECRET_PREVIOUS: SESSION_SECRET })),
  ]);
});

afterAll(async () => {
  await Promise.all([a?.stop(), b?.stop(), c?.stop(), rotated?.stop()]);
  await forge?.close();
  if (dir) await rm(dir, { recursive: true, force: true });
});

async function signIn(server: ServeProcess, headers: Record<string, string> = {}) {
  return postIdToken(server.url, await forge.sign(), headers);
}

async function expectLoginShell(server: ServeProcess, cookie: string) {
  const res = await request(server.url, '/docs/intro', { headers: { cookie } });
  expect(res.status).toBe(401);
  expect(res.body).toContain(LOGIN_MARKER);
  expect(res.body).not.toContain(SECRET);
}

describe('the __session cookie', () => {
  it('is HttpOnly, SameSite=Lax, Path=/, host-only, at most an hour, and not Secure on plain-http loopback', async () => {
    const line = setCookieLine(await signIn(a), '__session')!;
    const attrs = line.split(';').slice(1).map((s) => s.trim());
    expect(attrs).toEqual(expect.arrayContaining(['HttpOnly', 'SameSite=Lax', 'Path=/']));
    // The forge's token expires an hour after it was signed: a second may have passed since.
    const maxAge = Number(attrs.find((x) => x.startsWith('Max-Age='))!.slice('Max-Age='.length));
    expect(maxAge).toBeGreaterThan(SESSION_TTL_S - 120);
    expect(maxAge).toBeLessThanOrEqual(SESSION_TTL_S);
    expect(attrs.some((x) => /^domain=/i.test(x))).toBe(false);
    expect(attrs).not.toContain('Secure');
    expect(SESSION_TTL_S).toBe(3600);
  });

  it('ends when the ID token it was made from expires, if that is sooner than an hour', async () => {
    const now = Math.floor(Date.now() / 1000);
    const res = await postIdToken(a.url, await forge.sign({ iat: now - 3000, exp: now + 600 }));
    expect(res.status).toBe(204);
    const maxAge = Number(/Max-Age=(\d+)/.exec(setCookieLine(res, '__session')!)![1]);
    expect(maxAge).toBeGreaterThan(500);
    expect(maxAge).toBeLessThanOrEqual(600);
    const claims = JSON.parse(Buffer.from(setCookie(res, '__session')!.split('.')[1], 'base64url').toString());
    expect(claims.exp).toBe(now + 600);
  });

  it('is still read with DOCGEN_SESSION_SECRET_PREVIOUS during a rotation, and re-signed with the new secret', async () => {
    const old = setCookie(await signIn(a), '__session')!;
    const page = await request(rotated.url, '/docs/intro', { headers: { cookie: old } });
    expect(page.status).toBe(200);
    expect(page.body).toContain(SECRET);
    // A cookie the rotating server makes is signed with the new secret: c (new secret only) reads it, a does not.
    const fresh = setCookie(await signIn(rotated), '__session')!;
    expect((await request(c.url, '/docs/intro', { headers: { cookie: fresh } })).status).toBe(200);
    await expectLoginShell(a, fresh);
  });

  it('is Secure behind a trusted https proxy, which also gets HSTS; an untrusted X-Forwarded-Proto changes nothing', async () => {
    const httpsOrigin = new URL(b.url).origin.replace('http:', 'https:');
    const res = await signIn(b, { 'x-forwarded-proto': 'https', origin: httpsOrigin });
    expect(res.status).toBe(204);
    expect(setCookieLine(res, '__session')).toMatch(/; Secure/);
    expect(res.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
    // b (--trust-proxy) over plain http: no HSTS; a (no --trust-proxy) believes no header.
    expect((await request(b.url, '/docs/intro')).headers['strict-transport-security']).toBeUndefined();
    const untrusted = await signIn(a, { 'x-forwarded-proto': 'https' });
    expect(untrusted.status).toBe(204);
    expect(setCookieLine(untrusted, '__session')).not.toMatch(/; Secure/);
    expect(untrusted.headers['strict-transport-security']).toBeUndefined();
  });

  it('is Secure for a non-loopback host', async () => {
    const res = await signIn(a, { host: '192.0.2.10', origin: 'http://192.0.2.10' });
    expect(res.status).toBe(204);
    expect(setCookieLine(res, '__session')).toMatch(/; Secure/);
  });

  it('is accepted by another process sharing the secret, refused by one with another secret', async () => {
    const cookie = setCookie(await signIn(a), '__session')!;
    const fromB = await request(b.url, '/docs/intro', { headers: { cookie } });
    expect(fromB.status).toBe(200);
    expect(fromB.body).toContain(SECRET);
    await expectLoginShell(c, cookie);
  });

  it('is refused when tampered with', async () => {
    const cookie = setCookie(await signIn(a), '__session')!;
    const [name, value] = [cookie.slice(0, cookie.indexOf('=')), cookie.slice(cookie.indexOf('=') + 1)];
    const [h, p, s] = value.split('.');
    const claims = JSON.parse(Buffer.from(p, 'base64url').toString());
    const forgedPayload = Buffer.from(JSON.stringify({ ...claims, email: 'eve@corp.com', sub: 'eve' })).toString('base64url');
    await expectLoginShell(a, `${name}=${h}.${forgedPayload}.${s}`);
    const flipped = s.slice(0, 5) + (s[5] === 'A' ? 'B' : 'A') + s.slice(6);
    await expectLoginShell(a, `${name}=${h}.${p}.${flipped}`);
    await expectLoginShell(a, `${name}=${h}.${p}.`);
    await expectLoginShell(a, `${name}=garbage`);
  });

  it('is refused once expired', async () => {
    const key = sessionKey([SESSION_SECRET], PROJECT_ID, ALLOWED_DOMAIN);
    const longAgo = Date.now() - (SESSION_TTL_S + 120) * 1000;
    const expired = createSession(key, { uid: 'uid-ana', email: `ana@${ALLOWED_DOMAIN}` }, longAgo).value;
    await expectLoginShell(a, `__session=${expired}`);
    // The same secret and claims, not expired: accepted (so the refusal above is the expiry).
    const fresh = createSession(key, { uid: 'uid-ana', email: `ana@${ALLOWED_DOMAIN}` }).value;
    expect((await request(a.url, '/docs/intro', { headers: { cookie: `__session=${fresh}` } })).status).toBe(200);
  });

  it('is refused when its lifetime is longer than the server\'s or it was issued in the future', async () => {
    const key = sessionKey([SESSION_SECRET], PROJECT_ID, ALLOWED_DOMAIN);
    const now = Math.floor(Date.now() / 1000);
    const forged = (iat: number, exp: number) => new SignJWT({ email: `ana@${ALLOWED_DOMAIN}` })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' }).setIssuer('docgen-serve').setAudience(key.audience).setSubject('uid-ana')
      .setIssuedAt(iat).setExpirationTime(exp).sign(key.secrets[0]);
    // Issued two days ago, still "valid" by its own exp: older than the server's lifetime.
    await expectLoginShell(a, `__session=${await forged(now - 2 * 86400, now + 3600)}`);
    // A ten-year cookie issued now.
    await expectLoginShell(a, `__session=${await forged(now, now + 10 * 365 * 86400)}`);
    // Issued an hour in the future.
    await expectLoginShell(a, `__session=${await forged(now + 3600, now + 3600 + SESSION_TTL_S)}`);
    // The same construction within the rules is accepted (so the refusals above are the checks).
    expect((await request(a.url, '/docs/intro', { headers: { cookie: `__session=${await forged(now, now + SESSION_TTL_S)}` } })).status).toBe(200);
  });

  it('is refused when made for another site with the same secret', async () => {
    const other = sessionKey([SESSION_SECRET], 'other-project', ALLOWED_DOMAIN);
    const cookie = createSession(other, { uid: 'uid-ana', email: `ana@${ALLOWED_DOMAIN}` }).value;
    await expectLoginShell(a, `__session=${cookie}`);
  });

  it('is cleared by DELETE /__auth/session, which also refuses cross-origin requests', async () => {
    const origin = new URL(a.url).origin;
    const crossSite = await request(a.url, '/__auth/session', { method: 'DELETE', headers: { origin: 'http://evil.example' } });
    expect(crossSite.status).toBe(403);
    expect(crossSite.headers['set-cookie']).toBeUndefined();
    const res = await request(a.url, '/__auth/session', { method: 'DELETE', headers: { origin } });
    expect(res.status).toBe(204);
    expect(setCookieLine(res, '__session')).toMatch(/^__session=; Max-Age=0; Path=\/; HttpOnly; SameSite=Lax/);
  });
});
