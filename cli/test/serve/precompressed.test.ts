import { existsSync } from 'node:fs';
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { request as httpRequest } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSession, sessionKey } from '../../src/serve/session-cookie.js';
import { docgen, repoRoot } from '../helpers.js';
import { baseEnv, startServe, testSecret, type ServeProcess } from './helpers/serve-process.js';

/**
 * `docgen build` writes .br and .gz copies of shared scripts and styles; `docgen serve`
 * compresses other text files (pages) when first sent, and picks a variant by Accept-Encoding.
 */
const secret = testSecret();
let out: string;
let serve: ServeProcess;
let cookie: string;

beforeAll(async () => {
  out = await mkdtemp(path.join(tmpdir(), 'docgen-precompressed-'));
  const built = docgen(['build', path.join(repoRoot, 'cli/test/serve/fixtures/gated-site'), '--out-dir', out], { env: { DOCGEN_ALLOWED_DOMAIN: 'corp.com' } });
  if (built.code !== 0) throw new Error(`fixture build failed:\n${built.output}`);
  serve = await startServe(out, baseEnv({ DOCGEN_SESSION_SECRET: secret, DOCGEN_FIREBASE_JWKS_URL: 'http://127.0.0.1:9/unused' }));
  cookie = `__session=${createSession(sessionKey([secret], 'demo-docgen', 'corp.com'), { uid: 'uid-ana', email: 'ana@corp.com' }).value}`;
});

afterAll(async () => {
  await serve?.stop();
  if (out) await rm(out, { recursive: true, force: true });
});

/** A GET whose body is kept as bytes (Node's client does not decompress). */
function getRaw(target: string, headers: Record<string, string>): Promise<{ status: number; headers: Record<string, unknown>; body: Buffer }> {
  return new Promise((resolve, reject) => {
    httpRequest(new URL(target, serve.url), { headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode!, headers: res.headers, body: Buffer.concat(chunks) }));
    }).on('error', reject).end();
  });
}

describe('precompressed text files', () => {
  it('are written by docgen build beside shared scripts and styles only, and decompress to the same bytes', async () => {
    const shared = (await readdir(path.join(out, 'assets'))).filter((f) => /\.(js|css)$/.test(f));
    expect(shared.length).toBeGreaterThan(0);
    let copies = 0;
    for (const name of shared) {
      const file = path.join(out, 'assets', name);
      const original = await readFile(file);
      if (original.length < 1024) continue;
      expect(brotliDecompressSync(await readFile(`${file}.br`)).equals(original)).toBe(true);
      expect(gunzipSync(await readFile(`${file}.gz`)).equals(original)).toBe(true);
      copies++;
    }
    expect(copies).toBeGreaterThan(0);
    // Pages are many: the server compresses them when sent, the build does not.
    expect(existsSync(path.join(out, 'docs/intro/index.html.br'))).toBe(false);
    expect(existsSync(path.join(out, '.docgen/manifest.json.br'))).toBe(false);
  });

  it('are sent by content negotiation, with Vary: Cookie, Accept-Encoding and the same ETag', async () => {
    const original = await readFile(path.join(out, 'docs/intro/index.html'));
    const plain = await getRaw('/docs/intro', { cookie });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body.equals(original)).toBe(true);
    expect(plain.headers.vary).toBe('Cookie, Accept-Encoding');

    const br = await getRaw('/docs/intro', { cookie, 'accept-encoding': 'gzip, deflate, br, zstd' });
    expect(br.headers['content-encoding']).toBe('br');
    expect(Number(br.headers['content-length'])).toBe(br.body.length);
    expect(br.body.length).toBeLessThan(original.length);
    expect(brotliDecompressSync(br.body).equals(original)).toBe(true);
    expect(br.headers.etag).toBe(plain.headers.etag);

    const gz = await getRaw('/docs/intro', { cookie, 'accept-encoding': 'gzip, br;q=0' });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.body).equals(original)).toBe(true);

    const refused = await getRaw('/docs/intro', { cookie, 'accept-encoding': 'br;q=0, gzip;q=0' });
    expect(refused.headers['content-encoding']).toBeUndefined();
    expect(refused.body.equals(original)).toBe(true);
  });

  it('are protected like their originals: nothing without a session', async () => {
    const res = await getRaw('/docs/intro', { 'accept-encoding': 'br' });
    expect(res.status).toBe(401);
    const direct = await getRaw('/docs/intro/index.html.br', {});
    expect(direct.status).toBe(401);
  });
});
