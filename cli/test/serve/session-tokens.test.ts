import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { writeFixtureBuild, SECRET } from './helpers/fixture-build.js';
import { postIdToken, request, setCookie } from './helpers/http.js';
import { baseEnv, startServe, type ServeProcess, testSecret } from './helpers/serve-process.js';
import { MAX_AUTH_AGE_S } from '../../src/serve/verify-token.js';
import { ALLOWED_DOMAIN, PROJECT_ID, TokenForge } from './helpers/token-forge.js';

/**
 * Every token check of DESIGN.md section 5, against a real `docgen serve` process whose
 * signing keys are a local JWKS: one accepted token, then one rejection per rule.
 */
let dir: string;
let forge: TokenForge;
let serve: ServeProcess;
let origin: string;

beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'docgen-serve-tokens-'));
  await writeFixtureBuild(dir);
  forge = await TokenForge.create();
  await forge.listen();
  serve = await startServe(dir, baseEnv({ DOCGEN_FIREBASE_JWKS_URL: forge.jwksUrl, DOCGEN_SESSION_SECRET: testSecret() }));
  origin = new URL(serve.url).origin;
});

afterAll(async () => {
  await serve?.stop();
  await forge?.close();
  if (dir) await rm(dir, { recursive: true, force: true });
});

const postToken = (idToken: string) => postIdToken(serve.url, idToken);

async function expectRejected(idToken: string, status: 401 | 403, reason: string) {
  const res = await postToken(idToken);
  expect(res.status).toBe(status);
  expect(JSON.parse(res.body)).toMatchObject({ reason });
  expect(res.headers['set-cookie']).toBeUndefined();
}

describe('POST /__auth/session', () => {
  it('accepts a valid Google token on the allowed domain and the cookie opens the pages', async () => {
    const res = await postToken(await forge.sign());
    expect(res.status).toBe(204);
    const cookie = setCookie(res, '__session');
    expect(cookie).toBeTruthy();
    const page = await request(serve.url, '/docs/intro', { headers: { cookie: cookie! } });
    expect(page.status).toBe(200);
    expect(page.body).toContain(SECRET);
  });

  it('accepts a sign-in a little younger than MAX_AUTH_AGE_S (so the refusal of an older one is the age)', async () => {
    const res = await postToken(await forge.sign({ auth_time: Math.floor(Date.now() / 1000) - MAX_AUTH_AGE_S + 600 }));
    expect(res.status).toBe(204);
  });

  it('accepts the allowed domain in upper case', async () => {
    const res = await postToken(await forge.sign({ email: `ana@${ALLOWED_DOMAIN.toUpperCase()}` }));
    expect(res.status).toBe(204);
  });

  it('caches the signing keys as their Cache-Control says', async () => {
    await postToken(await forge.sign());
    await postToken(await forge.sign());
    expect(forge.jwksFetches).toBe(1);
  });

  const now = () => Math.floor(Date.now() / 1000);
  const cases: [string, () => Promise<string> | string, 401 | 403, string][] = [
    ['an unsigned token (alg none) outside emulator mode', () => forge.unsigned(), 401, 'unsigned'],
    ['a token signed with another key', () => forge.sign({}, { wrongKey: true }), 401, 'signature'],
    ['a token for another project (aud)', () => forge.sign({ aud: 'other-project' }), 401, 'audience'],
    ['a token from another issuer (iss)', () => forge.sign({ iss: 'https://securetoken.google.com/other-project' }), 401, 'issuer'],
    ['an expired token', () => forge.sign({ iat: now() - 7200, auth_time: now() - 7200, exp: now() - 3600 }), 401, 'expired'],
    ['a token issued in the future (iat)', () => forge.sign({ iat: now() + 3600, exp: now() + 7200 }), 401, 'issued_in_future'],
    ['a token without auth_time', () => forge.sign({ auth_time: undefined }), 401, 'auth_time'],
    ['a token without sub', () => forge.sign({ sub: undefined }), 401, 'subject'],
    ['a token with an empty sub', () => forge.sign({ sub: '' }), 401, 'subject'],
    ['an unverified email', () => forge.sign({ email_verified: false }), 403, 'email_not_verified'],
    ['a provider other than google.com', () => forge.sign({ firebase: { sign_in_provider: 'password' } }), 403, 'provider'],
    ['a token with no email', () => forge.sign({ email: undefined }), 403, 'no_email'],
    ['another domain', () => forge.sign({ email: 'ana@gmail.com' }), 403, 'domain'],
    ['a@evil.com@corp.com', () => forge.sign({ email: `a@evil.com@${ALLOWED_DOMAIN}` }), 403, 'domain'],
    ['a@corp.com.evil.com', () => forge.sign({ email: `a@${ALLOWED_DOMAIN}.evil.com` }), 403, 'domain'],
    ['a@evilcorp.com', () => forge.sign({ email: `a@evil${ALLOWED_DOMAIN}` }), 403, 'domain'],
    ['garbage', () => 'not.a.token', 401, 'malformed'],
    // Parity with Firebase's own verifier (firebase-admin):
    ['an aud array that contains the project', () => forge.sign({ aud: [PROJECT_ID, 'other-project'] }), 401, 'audience'],
    ['a token living longer than an hour (exp - iat)', () => forge.sign({ iat: now() - 60, exp: now() - 60 + 7200 }), 401, 'lifetime'],
    ['a sign-in older than MAX_AUTH_AGE_S (auth_time)', () => forge.sign({ auth_time: now() - MAX_AUTH_AGE_S - 60 }), 401, 'auth_time_too_old'],
    ['a token of an Identity Platform tenant', () => forge.sign({ firebase: { sign_in_provider: 'google.com', tenant: 'tenant-1' } }), 401, 'tenant'],
  ];
  it.each(cases)('rejects %s', async (_name, make, status, reason) => {
    await expectRejected(await make(), status, reason);
  });

  it('rejects an HS256 token signed with the public key material (algorithm confusion)', async () => {
    const b64 = (v: unknown) => Buffer.from(JSON.stringify(v)).toString('base64url');
    const token = `${b64({ alg: 'HS256', kid: 'test-key-1' })}.${b64(forge.claims())}.${'A'.repeat(43)}`;
    await expectRejected(token, 401, 'algorithm');
  });

  it('rejects a body that is not {"idToken": string}', async () => {
    const res = await request(serve.url, '/__auth/session', {
      method: 'POST', headers: { origin, 'content-type': 'application/json' }, body: '{"token":1}',
    });
    expect(res.status).toBe(400);
  });

  it('refuses a cross-origin POST, and one without Origin', async () => {
    const token = await forge.sign();
    const attempts: Record<string, string>[] = [
      { origin: 'http://evil.example', 'content-type': 'application/json' },
      { origin: 'null', 'content-type': 'application/json' },
      { 'content-type': 'application/json' },
      { origin, 'sec-fetch-site': 'cross-site', 'content-type': 'application/json' },
    ];
    for (const headers of attempts) {
      const res = await request(serve.url, '/__auth/session', { method: 'POST', headers, body: JSON.stringify({ idToken: token }) });
      expect(res.status, JSON.stringify(headers)).toBe(403);
      expect(res.headers['set-cookie']).toBeUndefined();
    }
  });

  it('refuses a form-encoded POST (no CORS preflight would guard it)', async () => {
    const res = await request(serve.url, '/__auth/session', {
      method: 'POST', headers: { origin, 'content-type': 'application/x-www-form-urlencoded' }, body: 'idToken=x',
    });
    expect(res.status).toBe(415);
  });
});
