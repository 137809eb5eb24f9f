import { readFileSync, rmSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { largeSiteDoc, writeLargeSite } from '../../../test-support/large-site.js';
import { bootOf, docgen, locationsOf } from '../helpers.js';
import { postIdToken, request, setCookie } from '../serve/helpers/http.js';
import { baseEnv, startServe, type ServeProcess, testSecret } from '../serve/helpers/serve-process.js';
import { ALLOWED_DOMAIN, PROJECT_ID, TokenForge } from '../serve/helpers/token-forge.js';

/**
 * A large site's split data (issue 14) stays content behind `docgen serve`'s gate: sidebar
 * category files, route manifest shards, search term and page files are refused without a
 * session and served with one, like the files they replace.
 */
let site: string;
let out: string;
let forge: TokenForge;
let serve: ServeProcess;
let cookie: string;
let urls: string[];

beforeAll(async () => {
  site = writeLargeSite({ auth: { allowedDomain: ALLOWED_DOMAIN, projectId: PROJECT_ID } });
  out = mkdtempSync(path.join(tmpdir(), 'docgen-shards-serve-'));
  const built = docgen(['build', site, '--out-dir', out]);
  if (built.code !== 0) throw new Error(`large site build failed:\n${built.output}`);
  const boot = bootOf(readFileSync(path.join(out, largeSiteDoc(2, 3, 4), 'index.html'), 'utf8'));
  const where = locationsOf(out, boot);
  const meta = JSON.parse(readFileSync(path.join(out, where.searchIndex!), 'utf8'));
  const beside = (name: string) => `/assets/${name}`;
  urls = [boot.sidebarBranch[0], boot.current, where.manifest.replace('{shard}', '0'), where.searchIndex!, beside(meta.termFiles.names[0]), beside(meta.pageFiles.names[0])];
  forge = await TokenForge.create();
  await forge.listen();
  serve = await startServe(out, baseEnv({ DOCGEN_FIREBASE_JWKS_URL: forge.jwksUrl, DOCGEN_SESSION_SECRET: testSecret() }));
  cookie = setCookie(await postIdToken(serve.url, await forge.sign()), '__session')!;
}, 180_000);

afterAll(async () => {
  await serve?.stop();
  await forge?.close();
  if (out) rmSync(out, { recursive: true, force: true });
  if (site) rmSync(site, { recursive: true, force: true });
});

describe('split data behind docgen serve', () => {
  it('refuses every split file without a session and serves it with one', async () => {
    expect(urls.every((u) => u.startsWith('/assets/'))).toBe(true);
    for (const target of urls) {
      const refused = await request(serve.url, target);
      expect(refused.status, target).toBe(401);
      expect(refused.body).not.toContain('/docs/area-');
      const served = await request(serve.url, target, { headers: { cookie } });
      expect(served.status, target).toBe(200);
      expect(served.body).toBe(readFileSync(path.join(out, target), 'utf8'));
    }
  });
});
