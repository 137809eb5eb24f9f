import { createHash } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { request as httpRequest } from 'node:http';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SIGN_IN_FAILURES_PER_MINUTE, SIGN_IN_FAILURES_PER_MINUTE_PER_PEER } from '../../src/serve/session-endpoint.js';
import { SECRET, writeFixtureBuild } from './helpers/fixture-build.js';
import { postIdToken, request, setCookie } from './helpers/http.js';
import { baseEnv, serveRefusal, startServe, testSecret, type ServeProcess } from './helpers/serve-process.js';
import { TokenForge } from './helpers/token-forge.js';

/** Operating docgen serve: the access log, the sign-in rate limit, and a graceful SIGTERM. */
let dir: string;
let forge: TokenForge;
let env: NodeJS.ProcessEnv;

beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'docgen-serve-ops-'));
  await writeFixtureBuild(dir);
  forge = await TokenForge.create();
  await forge.listen();
  env = baseEnv({ DOCGEN_FIREBASE_JWKS_URL: forge.jwksUrl, DOCGEN_SESSION_SECRET: testSecret() });
});

afterAll(async () => {
  await forge?.close();
  if (dir) await rm(dir, { recursive: true, force: true });
});

describe('the access log', () => {
  it('is one JSON line per request in Cloud Logging fields, naming the reader by a hash, never by cookie or token', async () => {
    const serve = await startServe(dir, env);
    try {
      const idToken = await forge.sign();
      const post = await postIdToken(serve.url, idToken);
      const cookie = setCookie(post, '__session')!;
      const page = await request(serve.url, '/docs/intro?from=log-test', { headers: { cookie, 'user-agent': 'log-test-agent' } });
      const [line] = await serve.waitFor(/^\{.*"requestUrl":"\/docs\/intro\?from=log-test".*\}$/m);
      const entry = JSON.parse(line);
      expect(entry).toMatchObject({
        severity: 'INFO',
        httpRequest: { requestMethod: 'GET', status: 200, responseSize: String(Buffer.byteLength(page.body)), userAgent: 'log-test-agent', protocol: 'HTTP/1.1' },
        user: createHash('sha256').update('uid-ana').digest('base64url').slice(0, 16),
      });
      expect(entry.httpRequest.latency).toMatch(/^\d+\.\d{6}s$/);
      expect(new Date(entry.time).toISOString()).toBe(entry.time);
      await request(serve.url, '/assets/app-1a2b3c4d.js');
      await serve.waitFor(/"requestUrl":"\/assets\/app-1a2b3c4d\.js".*"status":401.*"user":null/);
      await serve.waitFor(/"requestMethod":"POST","requestUrl":"\/__auth\/session","status":204/);
      const output = serve.output();
      expect(output).not.toContain(cookie.slice('__session='.length));
      expect(output).not.toContain(idToken);
    } finally {
      await serve.stop();
    }
  });
});

describe('the sign-in rate limit', () => {
  it(`answers 429 once an address made ${SIGN_IN_FAILURES_PER_MINUTE} failed sign-ins in a minute, even to a valid token; other addresses go on`, async () => {
    const serve = await startServe(dir, env, ['--trust-proxy']);
    try {
      const from = (address: string) => ({ 'x-forwarded-for': address });
      for (let i = 0; i < SIGN_IN_FAILURES_PER_MINUTE; i++) {
        expect((await postIdToken(serve.url, 'not.a.token', from('203.0.113.9'))).status).toBe(401);
      }
      const limited = await postIdToken(serve.url, await forge.sign(), from('203.0.113.9'));
      expect(limited.status).toBe(429);
      expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
      expect(limited.headers['set-cookie']).toBeUndefined();
      expect((await postIdToken(serve.url, await forge.sign(), from('198.51.100.4'))).status).toBe(204);
    } finally {
      await serve.stop();
    }
  });

  it('behind a proxy, counts the address the proxy appended: rotating the X-Forwarded-For a client sends dodges nothing', async () => {
    const serve = await startServe(dir, env, ['--trust-proxy']);
    try {
      // Cloud Run appends the address it got the request from; whatever is left of it is the client's own text.
      const via = (i: number, client: string) => ({ 'x-forwarded-for': `198.18.${i >> 8}.${i & 255}, ${client}` });
      for (let i = 0; i < SIGN_IN_FAILURES_PER_MINUTE; i++) {
        expect((await postIdToken(serve.url, 'not.a.token', via(i, '203.0.113.9'))).status).toBe(401);
      }
      expect((await postIdToken(serve.url, await forge.sign(), via(999, '203.0.113.9'))).status).toBe(429);
      expect((await postIdToken(serve.url, await forge.sign(), via(1000, '198.51.100.4'))).status).toBe(204);
    } finally {
      await serve.stop();
    }
  });

  it('with --trust-proxy 2 (Cloud Run behind Firebase Hosting), counts the address Hosting appended, before the one of its edge', async () => {
    const serve = await startServe(dir, env, ['--trust-proxy', '2']);
    try {
      // Hosting appends the client's address, then Cloud Run the address of Hosting's edge (shared by many clients).
      const via = (i: number, client: string) => ({ 'x-forwarded-for': `198.18.0.${i}, ${client}, 35.191.0.1` });
      for (let i = 0; i < SIGN_IN_FAILURES_PER_MINUTE; i++) {
        expect((await postIdToken(serve.url, 'not.a.token', via(i, '203.0.113.9'))).status).toBe(401);
      }
      expect((await postIdToken(serve.url, await forge.sign(), via(99, '203.0.113.9'))).status).toBe(429);
      expect((await postIdToken(serve.url, await forge.sign(), via(100, '198.51.100.4'))).status).toBe(204);
      // The access log names the same address.
      await serve.waitFor(/"status":204,.*"remoteIp":"198\.51\.100\.4"/);
    } finally {
      await serve.stop();
    }
  });

  it('with --trust-proxy 2, Cloud Run reached directly: rotating the entries left of the one Cloud Run wrote dodges nothing either', async () => {
    const serve = await startServe(dir, env, ['--trust-proxy', '2']);
    try {
      // At the run.app URL the client writes X-Forwarded-For itself and Cloud Run appends its real address.
      const direct = (i: number) => ({ 'x-forwarded-for': `198.18.${i >> 8}.${i & 255}, 198.51.100.66` });
      for (let i = 0; i < SIGN_IN_FAILURES_PER_MINUTE_PER_PEER; i++) {
        expect((await postIdToken(serve.url, 'not.a.token', direct(i))).status).toBe(401);
      }
      expect((await postIdToken(serve.url, await forge.sign(), direct(1000))).status).toBe(429);
      // Readers through Hosting (another address seen by Cloud Run) go on.
      expect((await postIdToken(serve.url, await forge.sign(), { 'x-forwarded-for': '203.0.113.20, 35.191.0.1' })).status).toBe(204);
    } finally {
      await serve.stop();
    }
  });

  it('refuses a --trust-proxy that is not a number of proxies', async () => {
    const r = await serveRefusal(dir, env, ['--trust-proxy', 'build']);
    expect(r.code).not.toBe(0);
    expect(r.output).toContain('a number of proxies from 1 to 10');
  });

  it('counts successes not at all: an office behind one address signs in many times', async () => {
    const serve = await startServe(dir, env);
    try {
      for (let i = 0; i < SIGN_IN_FAILURES_PER_MINUTE + 5; i++) expect((await postIdToken(serve.url, await forge.sign())).status).toBe(204);
    } finally {
      await serve.stop();
    }
  });
});

describe('SIGTERM', () => {
  it('stops accepting, finishes every request it took (answered with Connection: close), and exits 0', async () => {
    const serve = await startServe(dir, env);
    const cookie = setCookie(await postIdToken(serve.url, await forge.sign()), '__session')!;
    const { hostname, port, origin } = new URL(serve.url);
    // A sign-in whose body is not sent yet: the server is handling it when the signal comes
    // (it answers `100 Continue` once it has the request).
    const body = JSON.stringify({ idToken: await forge.sign() });
    const socket = connect(Number(port), hostname);
    let answer = '';
    const continued = new Promise<void>((resolve) => socket.on('data', (d: Buffer) => {
      answer += d.toString();
      if (answer.includes('100 Continue')) resolve();
    }));
    const closed = new Promise<void>((resolve) => socket.once('close', () => resolve()));
    socket.write(`POST /__auth/session HTTP/1.1\r\nHost: ${hostname}:${port}\r\nOrigin: ${origin}\r\nContent-Type: application/json\r\nExpect: 100-continue\r\nContent-Length: ${body.length}\r\n\r\n`);
    await continued;
    // Requests keep coming while it stops.
    const load = runLoad(serve.url, cookie, 200, 8);
    serve.kill('SIGTERM');
    await serve.waitFor(/SIGTERM, finishing requests in flight/);
    socket.write(body);
    await closed;
    expect(answer).toMatch(/HTTP\/1\.1 204 /);
    expect(answer).toMatch(/\r\nConnection: close\r\n/i);
    expect(answer).toMatch(/\r\nSet-Cookie: __session=/i);
    const outcomes = await load;
    expect(await serve.exited).toBe(0);
    // Each load request was answered in full, or never reached the server (refused, or reset
    // in the listen queue as the port closed): every request the server took, it finished.
    const failed = outcomes.filter((o) => o !== 'ok');
    expect(failed.filter((o) => o !== 'ECONNREFUSED' && o !== 'ECONNRESET'), failed.join(' ')).toEqual([]);
    const served = serve.output().split('\n').filter((l) => l.includes('"requestUrl":"/docs/intro?load"'));
    expect(served.every((l) => l.includes('"status":200'))).toBe(true);
    expect(served.length).toBe(outcomes.length - failed.length);
  });
});

/** `total` GETs of a protected page, `concurrency` at a time, each on its own connection. */
async function runLoad(base: string, cookie: string, total: number, concurrency: number): Promise<string[]> {
  const outcomes: string[] = [];
  let next = 0;
  const one = () => new Promise<string>((resolve) => {
    const url = new URL('/docs/intro?load', base);
    const req = httpRequest(url, { agent: false, headers: { cookie } }, (res) => {
      let text = '';
      res.on('data', (d: Buffer) => { text += d.toString(); });
      res.on('end', () => resolve(res.statusCode === 200 && text.includes(SECRET) ? 'ok' : `status ${res.statusCode}`));
      res.on('error', (e: NodeJS.ErrnoException) => resolve(e.code ?? e.message));
    });
    req.on('error', (e: NodeJS.ErrnoException) => resolve(e.code ?? e.message));
    req.end();
  });
  const worker = async () => {
    while (next < total) {
      next++;
      outcomes.push(await one());
    }
  };
  await Promise.all(Array.from({ length: concurrency }, worker));
  return outcomes;
}
