import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SearchIndex } from '@docgen/core/search/query';
import type { SearchIndexFile } from '@docgen/core/search/types';
import { bootOf, docgen, locationsOf, repoRoot } from '../helpers.js';
import { postIdToken, request, setCookie } from '../serve/helpers/http.js';
import { type ServeProcess } from '../serve/helpers/serve-process.js';
import { ALLOWED_DOMAIN, PROJECT_ID, TokenForge } from '../serve/helpers/token-forge.js';
import { startSignedInServe } from '../serve/helpers/signed-in-serve.js';

/**
 * The search index is content: `docgen serve` sends it, its page texts and the runtime
 * chunk only with a session (DESIGN.md §5). A real build of the company site, a real server,
 * tokens forged with a local key.
 */
let out: string;
let forge: TokenForge;
let stop: () => Promise<void>;
let serve: ServeProcess;
let cookie: string;
let indexUrl: string;
let textUrl: string;
let runtimeUrl: string;
let indexText: string;

beforeAll(async () => {
  out = mkdtempSync(path.join(tmpdir(), 'docgen-search-serve-'));
  const built = docgen(['build', repoRoot, '--out-dir', out], { env: { DOCGEN_ALLOWED_DOMAIN: ALLOWED_DOMAIN, DOCGEN_FIREBASE_PROJECT_ID: PROJECT_ID } });
  if (built.code !== 0) throw new Error(`company site build failed:\n${built.output}`);
  indexUrl = locationsOf(out, bootOf(readFileSync(path.join(out, 'docs/intro/index.html'), 'utf8'))).searchIndex!;
  indexText = readFileSync(path.join(out, indexUrl), 'utf8');
  const textFile = (JSON.parse(indexText) as SearchIndexFile).pages[0][2];
  // The build always writes the page text files beside the index: their absence is a failure.
  if (!readdirSync(path.join(out, 'assets')).includes(textFile)) throw new Error(`the build wrote no page text file ${textFile}`);
  textUrl = `/assets/${textFile}`;
  const chunks = path.join(out, 'assets/chunks');
  runtimeUrl = `/assets/chunks/${readdirSync(chunks).find((f) => readFileSync(path.join(chunks, f), 'utf8').includes('Search index format'))}`;
  ({ serve, forge, cookie, stop } = await startSignedInServe(out));
});

afterAll(async () => {
  await stop?.();
  if (out) rmSync(out, { recursive: true, force: true });
});

describe('the search index behind docgen serve', () => {
  it('is named in every page\'s boot data, content-hashed under assets/', () => {
    expect(indexUrl).toMatch(/^\/assets\/search-[\w.-]+-[0-9a-f]{8,}\.json$/);
    expect(runtimeUrl).toMatch(/^\/assets\/chunks\/.+\.js$/);
  });

  it('is refused without a session: 401 and not a byte of the index', async () => {
    for (const target of [indexUrl, runtimeUrl, textUrl]) {
      const res = await request(serve.url, target);
      expect(res.status, target).toBe(401);
      expect(res.body).not.toContain('"pages"');
      expect(res.body).not.toContain('/docs/errors/site-invalido');
    }
  });

  it('is refused with a forged or foreign session', async () => {
    const foreign = setCookie(await postIdToken(serve.url, await forge.sign({ email: 'eva@evilcorp.com' })), '__session');
    const res = await request(serve.url, indexUrl, { headers: { cookie: foreign ?? '__session=forjado.assinatura' } });
    expect(res.status).toBe(401);
    expect((await request(serve.url, indexUrl, { headers: { cookie: '__session=forjado.assinatura' } })).status).toBe(401);
  });

  it('is served to a signed-in user, never cached by shared caches, and loads in the runtime', async () => {
    const res = await request(serve.url, indexUrl, { headers: { cookie } });
    expect(res.status).toBe(200);
    expect(res.headers['cache-control']).toBe('private, no-cache');
    expect(res.body).toBe(indexText);
    expect(new SearchIndex(JSON.parse(res.body)).search('site inválido')[0].page.path).toBe('/docs/errors/site-invalido');
    expect((await request(serve.url, textUrl, { headers: { cookie } })).status).toBe(200);
  });
});
