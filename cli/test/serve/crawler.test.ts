import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { docgen, repoRoot } from '../helpers.js';
import { listFiles, protectedSamples, targetOf } from './helpers/crawl.js';
import { createSession, sessionKey } from '../../src/serve/session-cookie.js';
import { postIdToken, request, type RawResponse } from './helpers/http.js';
import { baseEnv, startServe, testSecret, type ServeProcess } from './helpers/serve-process.js';

/**
 * The crawler: real builds (the company site and a fixture whose every file carries a
 * SEGREDO-* marker), served by `docgen serve`, fetched file by file and route by route
 * without a session. Nothing protected may come back.
 */
const SPEC_ROUTES = [
  '/', '/markdown-page', '/docs', '/docs/intro',
  ...['check-bm', 'create-a-bm', 'create-a-meta-app', 'whats-is'].map((p) => `/docs/bm/${p}`),
  ...['new-vs-migration', 'useful-linkts'].map((p) => `/docs/definitions/${p}`),
  '/docs/errors/site-invalido',
  ...['following-creation', 'link-new-number', 'prerequisites'].map((p) => `/docs/new-number/${p}`),
  ...['add-phone-number', 'cloud-credentials', 'company-data', 'create-new-channel', 'create-profile', 'finish-in-meta',
    'finish-in-mktzap', 'how-to-do', 'update-tardis-channel', 'verification-code', 'when-to-use'].map((p) => `/docs/old-integration/${p}`),
  ...['delete-app', 'prerequisites', 'start-migration'].map((p) => `/docs/unoffical-to-official/${p}`),
  ...['create', 'whats-is'].map((p) => `/docs/waba/${p}`),
  ...['definições-e-processos', 'bm', 'waba', 'migração-de-não-oficial', 'ativação-de-número-novo', 'integração-antiga', 'erros-mais-comuns']
    .map((slug) => `/docs/category/${encodeURIComponent(slug)}`),
  '/docs/intro.html', '/docs/intro/index.html', '/index.html', '/no/such/page',
];

interface Site {
  name: string;
  source: string;
  out: string;
  serve: ServeProcess;
}

const SESSION_SECRET = testSecret();
const sites: Site[] = [];
let root: string;

beforeAll(async () => {
  root = await mkdtemp(path.join(tmpdir(), 'docgen-crawler-'));
  const fixtureSite = path.join(repoRoot, 'cli/test/serve/fixtures/gated-site');
  const builds: [string, string, Record<string, string>][] = [
    ['company', repoRoot, {}],
    ['fixture', fixtureSite, {}],
    ['portal', fixtureSite, { FIXTURE_BASE_URL: '/portal/' }],
  ];
  for (const [name, source, env] of builds) {
    const out = path.join(root, name);
    const built = docgen(['build', source, '--out-dir', out], { env: { DOCGEN_ALLOWED_DOMAIN: 'corp.com', ...env } });
    if (built.code !== 0) throw new Error(`${name} build failed:\n${built.output}`);
    const serve = await startServe(out, baseEnv({ DOCGEN_SESSION_SECRET: SESSION_SECRET, DOCGEN_FIREBASE_JWKS_URL: 'http://127.0.0.1:9/unused' }));
    sites.push({ name, source, out, serve });
  }
});

afterAll(async () => {
  await Promise.all(sites.map((s) => s.serve.stop()));
  if (root) await rm(root, { recursive: true, force: true });
});

describe.each(['company', 'fixture', 'portal'])('crawling the %s build without a session', (name) => {
  const site = () => sites.find((s) => s.name === name)!;

  it('gets nothing protected back from any file or SPEC.md route', async () => {
    const { out, serve } = site();
    const manifest = JSON.parse(await readFile(path.join(out, '.docgen/manifest.json'), 'utf8'));
    const loginShell = await readFile(path.join(out, '.docgen/login.html'), 'utf8');
    const publicRel = manifest.publicPrefix.slice(manifest.baseUrl.length);
    const files = await listFiles(out);
    const isProtected = (rel: string) => !rel.startsWith(publicRel) && !rel.startsWith('.docgen/');
    expect(files.filter(isProtected).length).toBeGreaterThan(5);
    // The site's favicon is published on purpose (a public copy the login shell links): its
    // protected original is the one file whose bytes may come back without a session.
    const icon = /<link rel="icon" href="([^"]+)">/.exec(loginShell)?.[1];
    const iconBytes = icon ? await readFile(path.join(out, icon.slice(manifest.baseUrl.length)), 'utf8') : null;
    const published = new Set<string>();
    for (const rel of files.filter(isProtected)) if (iconBytes !== null && (await readFile(path.join(out, rel), 'utf8')) === iconBytes) published.add(rel);
    const samples = await protectedSamples(out, files, (rel) => isProtected(rel) && !published.has(rel));
    const bodies: { what: string; res: RawResponse }[] = [];

    for (const rel of files) {
      const target = targetOf(manifest.baseUrl, rel);
      const variants: Record<string, string>[] = [{}, { 'sec-fetch-dest': 'document', accept: 'text/html' }];
      for (const headers of variants) {
        const res = await request(serve.url, target, { headers });
        bodies.push({ what: `${target} ${JSON.stringify(headers)}`, res });
        if (rel.startsWith('.docgen/')) expect(res.status, target).toBe(404);
        else if (!isProtected(rel)) expect(res.status, target).toBe(200);
        else {
          expect(res.status, target).toBe(401);
          expect([loginShell, '{"error":"unauthenticated"}'], target).toContain(res.body);
        }
      }
    }
    for (const route of SPEC_ROUTES.map((r) => manifest.baseUrl + r.slice(1))) {
      const res = await request(serve.url, route);
      bodies.push({ what: route, res });
      expect(res.status, route).toBe(401);
      expect(res.body, route).toBe(loginShell);
    }

    // No sample of protected text in anything that came back, public login assets included.
    for (const [file, texts] of samples) {
      for (const text of texts) {
        for (const { what, res } of bodies) {
          if (res.body.includes(text)) throw new Error(`${what} leaked text of ${file}: ${JSON.stringify(text)}`);
        }
      }
    }
    expect([...samples.values()].flat().length).toBeGreaterThan(5);
  });

  it("the login shell's boot data carries only what the card needs", async () => {
    const { out } = site();
    const shell = await readFile(path.join(out, '.docgen/login.html'), 'utf8');
    const boot = JSON.parse(/<script id="__docgen_boot" type="application\/json">([\s\S]*?)<\/script>/.exec(shell)![1]);
    expect(Object.keys(boot)).toEqual(['site']);
    const { site: data } = boot;
    expect(data.auth.allowedDomain).toBe('corp.com');
    expect(data.navbar.items).toEqual([]);
    expect(data.docs.versions).toEqual([]);
    for (const key of ['footer', 'tagline', 'announcementBar']) expect(data[key], key).toBeUndefined();
    if (name === 'company') {
      // The tagline and the footer's copyright line are not in the public page at all.
      expect(shell).not.toContain('Documentação interna sobre');
      expect(shell).not.toContain('Copyright');
    }
  });

  it('the login shell refers only to public files', async () => {
    const { out } = site();
    const manifest = JSON.parse(await readFile(path.join(out, '.docgen/manifest.json'), 'utf8'));
    const shell = await readFile(path.join(out, '.docgen/login.html'), 'utf8');
    const refs = [...shell.matchAll(/\b(?:src|href)="([^"]+)"/g)].map((m) => m[1]);
    expect(refs.length).toBeGreaterThan(0);
    for (const ref of refs) expect(ref.startsWith(manifest.publicPrefix), ref).toBe(true);
  });
});

describe('crawling the fixture build without a session', () => {
  it('finds none of its SEGREDO markers in any response', async () => {
    const { out, serve } = sites.find((s) => s.name === 'fixture')!;
    const files = await listFiles(out);
    const markers = new Set<string>();
    for (const rel of files) {
      for (const m of (await readFile(path.join(out, rel), 'utf8')).matchAll(/SEGREDO-[A-Z]+-\w{3}/gi)) markers.add(m[0].toLowerCase());
    }
    // Page text, code, the SVG image, a static file, the search index (lower-cased there).
    expect(markers.size).toBeGreaterThanOrEqual(7);
    for (const rel of files) {
      const body = (await request(serve.url, targetOf('/', rel))).body.toLowerCase();
      for (const marker of markers) expect(body.includes(marker), `${rel} leaked ${marker}`).toBe(false);
    }
  });
});

describe('a site under a baseUrl (/portal/)', () => {
  it('is served under it, with the session endpoint and public prefix there too', async () => {
    const { serve } = sites.find((s) => s.name === 'portal')!;
    expect(new URL(serve.url).pathname).toBe('/portal/');
    const key = sessionKey([SESSION_SECRET], 'demo-docgen', 'corp.com');
    const cookie = `__session=${createSession(key, { uid: 'uid-ana', email: 'ana@corp.com' }).value}`;
    const get = (target: string) => request(serve.url, target, { headers: { cookie } });
    expect((await get('/portal/docs/intro')).body).toContain('SEGREDO-INTRO-7Q2');
    expect((await get('/portal/')).body).toContain('SEGREDO-HOME-2X8');
    expect((await get('/portal')).headers.location).toBe('/portal/');
    expect((await get('/portal/docs')).headers.location).toBe('/portal/docs/intro');
    expect((await get('/portal/docs/intro.html')).headers.location).toBe('/portal/docs/intro');
    expect((await get('/docs/intro')).status).toBe(404);
    const shell = await request(serve.url, '/portal/docs/intro');
    expect(shell.status).toBe(401);
    expect((await postIdToken(serve.url, 'not.a.token')).status).toBe(401);
    expect((await request(serve.url, '/__auth/session', { method: 'POST' })).status).toBe(405);
  });
});
