import { createHash } from 'node:crypto';
import { mkdir, mkdtemp, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { INLINE_SCRIPT, LOGIN_MARKER, SECRET, writeFixtureBuild } from './helpers/fixture-build.js';
import { expectSecurityHeaders, request, type RawResponse } from './helpers/http.js';
import { type ServeProcess } from './helpers/serve-process.js';
import { PROJECT_ID, TokenForge } from './helpers/token-forge.js';
import { startSignedInServe } from './helpers/signed-in-serve.js';

/** What `docgen serve` answers with and without a session: paths, redirects, headers. */
const OUTSIDE = 'FORA-DA-PASTA-DE-BUILD';
let root: string;
let forge: TokenForge;
let stop: () => Promise<void>;
let serve: ServeProcess;
let cookie: string;

beforeAll(async () => {
  root = await mkdtemp(path.join(tmpdir(), 'docgen-serve-requests-'));
  const build = path.join(root, 'build');
  await writeFixtureBuild(build);
  await writeFile(path.join(root, 'outside.txt'), OUTSIDE);
  await mkdir(path.join(build, 'assets', 'linked'), { recursive: true });
  await symlink(path.join(root, 'outside.txt'), path.join(build, 'assets', 'linked', 'escape.txt'));
  await symlink(path.join(build, 'docs', 'intro', 'index.html'), path.join(build, '__docgen', 'login', 'leak.html'));
  // A sibling folder that only shares the public folder's name as a prefix.
  await mkdir(path.join(build, '__docgen', 'login-x'), { recursive: true });
  await writeFile(path.join(build, '__docgen', 'login-x', 'segredo.html'), `<p>${SECRET}</p>`);
  await symlink(path.join(build, '__docgen', 'login-x', 'segredo.html'), path.join(build, '__docgen', 'login', 'irmao.html'));
  ({ serve, forge, cookie, stop } = await startSignedInServe(build));
});

afterAll(async () => {
  await stop?.();
  if (root) await rm(root, { recursive: true, force: true });
});

const get = (target: string, headers: Record<string, string> = {}) => request(serve.url, target, { headers });
const signedIn = (target: string, headers: Record<string, string> = {}) => get(target, { cookie, ...headers });

function expectNoProtectedContent(res: RawResponse) {
  expect(res.body).not.toContain(SECRET);
  expect(res.body).not.toContain(OUTSIDE);
}

describe('without a session', () => {
  it.each(['/', '/docs/intro', '/docs/intro/', '/docs/intro.html', '/docs/intro/index.html', '/docs', '/does-not-exist', '/markdown-page?x=1'])(
    'a page request %s gets the login shell with 401 and no content',
    async (target) => {
      const res = await get(target);
      expect(res.status).toBe(401);
      expect(res.body).toContain(LOGIN_MARKER);
      expectNoProtectedContent(res);
      expect(res.headers['cache-control']).toBe('no-store');
      expectSecurityHeaders(res);
    },
  );

  it.each(['/assets/app-1a2b3c4d.js', '/assets/app-1a2b3c4d.css', '/assets/search-index-9f8e7d6c.json', '/assets/img/diagram-5e6f7a8b.svg', '/assets/nope.js'])(
    'any other protected file %s gets a bare 401',
    async (target) => {
      const res = await get(target);
      expect(res.status).toBe(401);
      expect(JSON.parse(res.body)).toEqual({ error: 'unauthenticated' });
      expectSecurityHeaders(res);
    },
  );

  it('a browser navigation to an image gets the login shell (a deep link that lands after sign-in)', async () => {
    const res = await get('/assets/img/diagram-5e6f7a8b.svg', { 'sec-fetch-dest': 'document' });
    expect(res.status).toBe(401);
    expect(res.body).toContain(LOGIN_MARKER);
  });

  it('HEAD gets the same status and no body', async () => {
    const res = await request(serve.url, '/docs/intro', { method: 'HEAD' });
    expect(res.status).toBe(401);
    expect(res.body).toBe('');
  });

  it("serves the login shell's own assets publicly, cached for good", async () => {
    const res = await get('/__docgen/login/login-0a1b2c3d.js');
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('text/javascript; charset=utf-8');
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expectSecurityHeaders(res);
    expect((await get('/__docgen/login/missing.js')).status).toBe(404);
    // A symlink from the public folder to a protected file is not followed.
    const leak = await get('/__docgen/login/leak.html');
    expect(leak.status).toBe(404);
    expectNoProtectedContent(leak);
    // Nor one into a sibling folder whose name starts like the public folder's.
    const sibling = await get('/__docgen/login/irmao.html');
    expect(sibling.status).toBe(404);
    expect(sibling.body).not.toContain(SECRET);
  });

  it('answers /healthz', async () => {
    const res = await get('/healthz');
    expect(res.status).toBe(200);
    expectSecurityHeaders(res);
  });

  it('refuses other methods', async () => {
    expect((await request(serve.url, '/', { method: 'POST' })).status).toBe(405);
    expect((await request(serve.url, '/__auth/session', { method: 'GET' })).status).toBe(405);
  });
});

describe('with a session', () => {
  it('serves pages with private, no-cache and an ETag', async () => {
    for (const target of ['/', '/docs/intro', '/markdown-page', `/docs/category/${encodeURIComponent('definições-e-processos')}`]) {
      const res = await signedIn(target);
      expect(res.status, target).toBe(200);
      expect(res.body).toContain(SECRET);
      expect(res.headers['cache-control']).toBe('private, no-cache');
      expect(res.headers.etag).toMatch(/^"[\w-]+"$/);
      expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
      expectSecurityHeaders(res);
    }
  });

  it.each([
    ['/docs/intro.html', '/docs/intro'],
    ['/docs/intro/index.html', '/docs/intro'],
    ['/docs/intro/', '/docs/intro'],
    ['/index.html', '/'],
    ['/docs/intro.html?a=1', '/docs/intro?a=1'],
    // Locations are UTF-8 percent-encoded: accented routes, and characters above U+00FF.
    ['/docs/category/defini%C3%A7%C3%B5es-e-processos/', '/docs/category/defini%C3%A7%C3%B5es-e-processos'],
    ['/docs/%E2%80%94/', '/docs/%E2%80%94'],
  ])('normalises %s to %s', async (target, location) => {
    const res = await signedIn(target);
    expect(res.status).toBe(301);
    expect(res.headers.location).toBe(location);
  });

  it('follows the manifest redirects', async () => {
    const res = await signedIn('/docs');
    expect(res.status).toBe(302);
    expect(res.headers.location).toBe('/docs/intro');
  });

  it('answers the not-found page asked for by name with 404, and varies protected responses by cookie', async () => {
    for (const target of ['/404', '/404.html']) {
      const res = await signedIn(target);
      expect(res.status === 404 || res.status === 301, target).toBe(true);
      if (res.status === 404) expect(res.body).toContain('Página não encontrada');
    }
    expect((await signedIn('/404')).status).toBe(404);
    expect((await signedIn('/docs/intro')).headers.vary).toBe('Cookie');
  });

  it('answers unknown paths with the not-found page and 404', async () => {
    const res = await signedIn('/no/such/page');
    expect(res.status).toBe(404);
    expect(res.body).toContain('Página não encontrada');
    expect(res.headers['cache-control']).toBe('private, no-cache');
    expect(res.headers.etag).toBeUndefined();
  });

  it('answers a matching If-None-Match with 304 to a session, and with 401 or the login shell without one', async () => {
    for (const target of ['/docs/intro', '/assets/app-1a2b3c4d.js', '/assets/search-index-9f8e7d6c.json']) {
      const first = await signedIn(target);
      const etag = String(first.headers.etag);
      const again = await signedIn(target, { 'if-none-match': etag });
      expect(again.status, target).toBe(304);
      expect(again.body).toBe('');
      expect(again.headers.etag).toBe(etag);
      expect(again.headers['cache-control']).toBe('private, no-cache');
      // Another tag, or W/ of the same one (weak comparison), as RFC 9110 has it.
      expect((await signedIn(target, { 'if-none-match': '"other"' })).status).toBe(200);
      expect((await signedIn(target, { 'if-none-match': `"x", W/${etag}` })).status).toBe(304);
      const anonymous = await get(target, { 'if-none-match': etag });
      expect(anonymous.status, target).toBe(401);
      expectNoProtectedContent(anonymous);
    }
  });

  it('says private, no-store on redirects to a session', async () => {
    expect((await signedIn('/docs')).headers['cache-control']).toBe('private, no-store');
    expect((await signedIn('/docs/intro/')).headers['cache-control']).toBe('private, no-store');
  });

  it('serves assets with their type; non-scripts can run nothing', async () => {
    const svg = await signedIn('/assets/img/diagram-5e6f7a8b.svg');
    expect(svg.status).toBe(200);
    expect(svg.headers['content-type']).toBe('image/svg+xml');
    expect(svg.headers['content-security-policy']).toMatch(/default-src 'none'.*sandbox/);
    const js = await signedIn('/assets/app-1a2b3c4d.js');
    expect(js.headers['content-type']).toBe('text/javascript; charset=utf-8');
    expect(js.headers['cache-control']).toBe('private, no-cache');
  });

  it('gives pages a CSP that allows exactly their inline scripts and Firebase sign-in', async () => {
    const csp = String((await signedIn('/docs/intro')).headers['content-security-policy']);
    const directive = (name: string) => csp.split(';').map((d) => d.trim()).find((d) => d.startsWith(`${name} `)) ?? '';
    const hash = createHash('sha256').update(INLINE_SCRIPT).digest('base64');
    expect(directive('script-src').split(' ').sort()).toEqual(["'self'", `'sha256-${hash}'`, 'https://apis.google.com', 'script-src'].sort());
    expect(directive('frame-src')).toBe(`frame-src https://${PROJECT_ID}.firebaseapp.com`);
    expect(directive('connect-src')).toContain('https://identitytoolkit.googleapis.com');
    expect(directive('connect-src')).toContain('https://securetoken.googleapis.com');
    expect(directive('object-src')).toBe("object-src 'none'");
    expect(directive('base-uri')).toBe("base-uri 'self'");
    const shell = String((await get('/docs/intro')).headers['content-security-policy']);
    expect(shell).toContain(`'sha256-${hash}'`);
  });
});

describe('hostile targets, even with a session', () => {
  it.each([
    '/../outside.txt',
    '/assets/../../outside.txt',
    '/%2e%2e/outside.txt',
    '/assets/%2E%2E/%2e%2e/outside.txt',
    '/docs%2fintro',
    '/docs%2Fintro',
    '/..%2foutside.txt',
    '/..%5coutside.txt',
    '/assets\\..\\..\\outside.txt',
    '/%00',
    '/docs/intro%00.html',
    '/a//b',
    '/%ff',
    'http://127.0.0.1/../outside.txt',
    '/' + 'a'.repeat(3000),
  ])('%s gets 400', async (target) => {
    const res = await signedIn(target);
    expect(res.status).toBe(400);
    expectNoProtectedContent(res);
    expectSecurityHeaders(res);
  });

  it('an over-long request head gets 400', async () => {
    const res = await signedIn('/' + 'a'.repeat(20_000));
    expect(res.status).toBe(400);
  });

  it.each(['/.docgen/manifest.json', '/.docgen/login.html', '/%2edocgen/manifest.json', '/assets/.hidden', '/.env'])(
    '%s is never served (404)',
    async (target) => {
      const res = await signedIn(target);
      expect(res.status).toBe(404);
      expect(res.body).not.toContain('"publicPrefix"');
    },
  );

  it('a symlink leading out of the build folder is not followed', async () => {
    const res = await signedIn('/assets/linked/escape.txt');
    expect(res.status).toBe(404);
    expect(res.body).not.toContain(OUTSIDE);
  });
});
