import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { Agent, request as httpRequest } from 'node:http';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LOGIN_MARKER, SECRET, writeFixtureBuild } from './helpers/fixture-build.js';
import { expectSecurityHeaders, request } from './helpers/http.js';
import { type ServeProcess } from './helpers/serve-process.js';
import { TokenForge } from './helpers/token-forge.js';
import { startSignedInServe } from './helpers/signed-in-serve.js';

/**
 * docgen serve keeps what it has resolved in memory (a path's file and its header lists, a
 * parsed target, a host decision, a session payload's HMAC and claims): the answers must stay exactly
 * those of a first request, the session check must come before any of it, and a rebuild
 * swapped in must be seen.
 */
let dir: string;
let forge: TokenForge;
let stop: () => Promise<void>;
let serve: ServeProcess;
let cookie: string;

beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'docgen-serve-memory-'));
  await writeFixtureBuild(dir);
  ({ serve, forge, cookie, stop } = await startSignedInServe(dir));
});

afterAll(async () => {
  await stop?.();
  if (dir) await rm(dir, { recursive: true, force: true });
});

const get = (target: string, headers: Record<string, string> = {}) => request(serve.url, target, { headers });

describe('answers from memory', () => {
  const protectedTargets = ['/docs/intro', '/assets/search-index-9f8e7d6c.json', '/assets/app-1a2b3c4d.js', '/no-such-page'];

  it('are the same as the first answer, headers included', async () => {
    for (const target of protectedTargets) {
      const first = await get(target, { cookie });
      const again = await get(target, { cookie });
      expect(again.status, target).toBe(first.status);
      expect(again.body, target).toBe(first.body);
      for (const name of ['content-type', 'content-length', 'cache-control', 'etag', 'vary', 'content-security-policy']) {
        expect(again.headers[name], `${target} ${name}`).toBe(first.headers[name]);
      }
      expectSecurityHeaders(again);
    }
  });

  it('are never given without a session, after a session had the same path', async () => {
    const tampered = cookie.slice(0, -2) + (cookie.endsWith('AA') ? 'BB' : 'AA');
    for (const target of protectedTargets) {
      expect((await get(target, { cookie })).status, target).not.toBe(401);
      for (const headers of [{}, { cookie: tampered }, { cookie: `${cookie}x` }] as Record<string, string>[]) {
        const res = await get(target, headers);
        expect(res.status, target).toBe(401);
        expect(res.body, target).not.toContain(SECRET);
        expectSecurityHeaders(res);
      }
    }
    expect((await get('/docs/intro', { accept: 'text/html' })).body).toContain(LOGIN_MARKER);
  });

  it('are checked again on every request of one kept-alive connection', async () => {
    const agent = new Agent({ keepAlive: true, maxSockets: 1 });
    const sockets = new Set<object>();
    const { hostname, port } = new URL(serve.url);
    const once = (target: string, headers: Record<string, string>) => new Promise<{ status: number; body: string }>((resolve, reject) => {
      const req = httpRequest({ host: hostname, port, path: target, headers, agent, timeout: 15_000 }, (res) => {
        let body = '';
        res.setEncoding('utf8');
        res.on('data', (c: string) => { body += c; });
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
      });
      req.on('socket', (socket) => sockets.add(socket));
      req.on('timeout', () => req.destroy(new Error(`timeout: ${target}`)));
      req.on('error', reject);
      req.end();
    });
    const tampered = cookie.slice(0, -1) + (cookie.endsWith('A') ? 'Q' : 'A');
    try {
      for (const target of ['/docs/intro', '/assets/app-1a2b3c4d.js']) {
        const steps: [Record<string, string>, number][] = [
          [{ cookie }, 200], [{}, 401], [{ cookie: tampered }, 401], [{ cookie }, 200],
          [{ cookie, host: 'rebind.attacker.example' }, 421], [{ cookie }, 200],
        ];
        for (const [headers, status] of steps) {
          const res = await once(target, headers);
          expect(res.status, `${target} ${JSON.stringify(headers)}`).toBe(status);
          if (status !== 200) expect(res.body).not.toContain(SECRET);
        }
      }
      expect(sockets.size).toBe(1);
    } finally {
      agent.destroy();
    }
  });

  it('keep the security headers on every kind of answer: 304, redirect, 404, 421, 405', async () => {
    const page = await get('/docs/intro', { cookie });
    const answers = [
      await get('/docs/intro', { cookie, 'if-none-match': String(page.headers.etag) }),
      await get('/docs/intro/', { cookie }),
      await get('/docs/%2e%2e/x', { cookie }),
      await get('/docs/intro', { cookie, host: 'rebind.attacker.example' }),
      await request(serve.url, '/docs/intro', { method: 'PUT', headers: { cookie } }),
    ];
    expect(answers.map((r) => r.status)).toEqual([304, 301, 400, 421, 405]);
    for (const res of answers) expectSecurityHeaders(res);
    expect(answers[0].headers.etag).toBe(page.headers.etag);
  });

  it('follow a rebuild swapped into the folder (looked at about once a second)', async () => {
    const file = path.join(dir, 'docs', 'intro', 'index.html');
    expect((await get('/docs/intro', { cookie })).body).not.toContain('REBUILT');
    await writeFile(file, (await readFile(file, 'utf8')).replace('</main>', ' REBUILT</main>'));
    const manifest = path.join(dir, '.docgen', 'manifest.json');
    await writeFile(manifest, `${await readFile(manifest, 'utf8')}\n`);
    // Bounded: at most 50 tries, 100 ms apart.
    let body = '';
    for (let i = 0; i < 50 && !body.includes('REBUILT'); i++) {
      await new Promise((r) => setTimeout(r, 100));
      body = (await get('/docs/intro', { cookie })).body;
    }
    expect(body).toContain('REBUILT');
  });
});
