import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSession, sessionKey, SESSION_TTL_S } from '../../src/serve/session-cookie.js';
import { LOGIN_MARKER, SECRET, writeFixtureBuild } from './helpers/fixture-build.js';
import { postIdToken, request, setCookie, setCookieLine } from './helpers/http.js';
import { baseEnv, startServe, type ServeProcess } from './helpers/serve-process.js';
import { ALLOWED_DOMAIN, PROJECT_ID, TokenForge } from './helpers/token-forge.js';

/** The `__session` cookie: its attributes, tampering, expiry, sign-out, and sharing between processes. */
const SESSION_SECRET = 'k'.repeat(48);
let dir: string;
let forge: TokenForge;
let a: ServeProcess;
let b: ServeProcess;
let c: ServeProcess;

beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'docgen-serve-cookie-'));
  await writeFixtureBuild(dir);
  forge = await TokenForge.create();
  await forge.listen();
  const env = { DOCGEN_FIREBASE_JWKS_URL: forge.jwksUrl };
  [a, b, c] = await Promise.all([
    startServe(dir, baseEnv({ ...env, DOCGEN_SESSION_SECRET: SESSION_SECRET })),
    startServe(dir, baseEnv({ ...env, DOCGEN_SESSION_SECRET: SESSION_SECRET })),
    startServe(dir, baseEnv({ ...env, DOCGEN_SESSION_SECRET: 'z'.repeat(48) })),
  ]);
});

afterAll(async () => {
  await Promise.all([a?.stop(), b?.stop(), c?.stop()]);
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
  it('is HttpOnly, SameSite=Lax, Path=/, host-only, bounded, and not Secure on plain-http loopback', async () => {
    const line = setCookieLine(await signIn(a), '__session')!;
    const attrs = line.split(';').slice(1).map((s) => s.trim());
    expect(attrs).toEqual(expect.arrayContaining(['HttpOnly', 'SameSite=Lax', 'Path=/', `Max-Age=${SESSION_TTL_S}`]));
    expect(attrs.some((x) => /^domain=/i.test(x))).toBe(false);
    expect(attrs).not.toContain('Secure');
    expect(SESSION_TTL_S).toBeLessThanOrEqual(24 * 3600);
  });

  it('is Secure behind an https proxy', async () => {
    const res = await signIn(a, { 'x-forwarded-proto': 'https' });
    expect(setCookieLine(res, '__session')).toMatch(/; Secure/);
  });

  it('is Secure for a non-loopback host', async () => {
    const res = await signIn(a, { host: 'docs.corp.com', origin: 'https://docs.corp.com' });
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
    const key = sessionKey(SESSION_SECRET, PROJECT_ID, ALLOWED_DOMAIN);
    const longAgo = Date.now() - (SESSION_TTL_S + 60) * 1000;
    const expired = await createSession(key, { uid: 'uid-ana', email: `ana@${ALLOWED_DOMAIN}` }, longAgo);
    await expectLoginShell(a, `__session=${expired}`);
    // The same secret and claims, not expired: accepted (so the refusal above is the expiry).
    const fresh = await createSession(key, { uid: 'uid-ana', email: `ana@${ALLOWED_DOMAIN}` });
    expect((await request(a.url, '/docs/intro', { headers: { cookie: `__session=${fresh}` } })).status).toBe(200);
  });

  it('is refused when its lifetime is longer than the server\'s or it was issued in the future', async () => {
    const key = sessionKey(SESSION_SECRET, PROJECT_ID, ALLOWED_DOMAIN);
    const now = Math.floor(Date.now() / 1000);
    const forged = (iat: number, exp: number) => new SignJWT({ email: `ana@${ALLOWED_DOMAIN}` })
      .setProtectedHeader({ alg: 'HS256' }).setIssuer('docgen-serve').setAudience(key.audience).setSubject('uid-ana')
      .setIssuedAt(iat).setExpirationTime(exp).sign(key.secret);
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
    const other = sessionKey(SESSION_SECRET, 'other-project', ALLOWED_DOMAIN);
    const cookie = await createSession(other, { uid: 'uid-ana', email: `ana@${ALLOWED_DOMAIN}` });
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
