import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config/load-config.js';
import { buildRoutes } from '../../src/routes/build-routes.js';
import { addPageExtras, isStale } from '../../src/routes/page-extras.js';
import { docgen, write } from '../helpers.js';

// What a page shows beyond its front matter: card descriptions, edit link, last commit and
// staleness (issue "defects found by using the site", item 7 and the docs features).
let site: string;
const git = (...args: string[]) => execFileSync('git', args, { cwd: site, stdio: 'ignore' });

beforeAll(() => {
  site = mkdtempSync(path.join(tmpdir(), 'docgen-extras-'));
  write(site, 'site.config.ts', `import { defineConfig } from 'docgen';
export default defineConfig({
  title: 'Extras',
  onBrokenLinks: 'ignore',
  docs: { editUrl: 'https://git.example.com/docs/edit/main/', showLastUpdateTime: true, showLastUpdateAuthor: true, staleAfterDays: 180 },
});
`);
  write(site, 'content/docs/intro.md', '---\ntitle: Início\n---\n\nOi.\n');
  write(site, 'content/docs/guia/_category_.json', '{ "label": "Guia", "link": { "type": "generated-index" } }');
  write(site, 'content/docs/guia/antigo.md', '---\ntitle: Antigo\ndescription: Um passo revisado há muito tempo.\nlast_reviewed: 2020-01-15\n---\n\nTexto.\n');
  write(site, 'content/docs/guia/sub/_category_.json', '{ "label": "Sub", "link": { "type": "generated-index", "description": "Os passos avançados." } }');
  write(site, 'content/docs/guia/sub/passo.md', '---\ntitle: Passo\ndescription: Não é a descrição da categoria.\n---\n\nTexto.\n');
  write(site, 'content/docs/guia/novo.md', `---\ntitle: Novo\nlast_reviewed: ${new Date().toISOString().slice(0, 10)}\n---\n\nTexto.\n`);
  git('init', '-q');
  git('-c', 'user.name=Maria Revisora', '-c', 'user.email=maria@corp.com', 'add', '.');
  git('-c', 'user.name=Maria Revisora', '-c', 'user.email=maria@corp.com', 'commit', '-q', '-m', 'docs', '--date', '2026-03-04T10:00:00Z');
});
afterAll(() => rmSync(site, { recursive: true, force: true }));
let loadedConfig: Awaited<ReturnType<typeof loadConfig>>;
beforeAll(async () => {
  loadedConfig = await loadConfig(site);
});

describe('page extras', () => {
  it('gives doc cards the description of the page they open', async () => {
    const table = buildRoutes(await loadConfig(site), site);
    const cards = table.routes.find((r) => r.path === '/docs/category/guia')!.page.cards!;
    expect(cards.find((c) => c.label === 'Antigo')?.description).toBe('Um passo revisado há muito tempo.');
    expect(cards.find((c) => c.label === 'Sub')?.description).toBe('Os passos avançados.');
  });

  it('adds the edit link, the last commit and staleness to each doc', async () => {
    const table = buildRoutes(await loadConfig(site), site);
    const page = (p: string) => table.routes.find((r) => r.path === p)!.page;
    expect(page('/docs/guia/antigo')).toMatchObject({
      editUrl: 'https://git.example.com/docs/edit/main/content/docs/guia/antigo.md',
      lastUpdatedBy: 'Maria Revisora',
      lastReviewed: '2020-01-15',
      stale: true,
    });
    expect(page('/docs/guia/antigo').lastUpdatedAt).toMatch(/^20\d\d-\d\d-\d\dT/);
    expect(page('/docs/guia/novo').stale).toBeUndefined();
  });

  it('takes editUrl as a function, with the docs folder and the file in it, as Docusaurus does', () => {
    const table = buildRoutes(loadedConfig, site);
    const calls: unknown[] = [];
    addPageExtras(table, site, { editUrl: (p) => { calls.push(p); return `https://edit.example/${p.versionDocsDirPath}/${p.docPath}`; } });
    const page = table.routes.find((r) => r.path === '/docs/guia/antigo')!.page;
    expect(page.editUrl).toBe('https://edit.example/content/docs/guia/antigo.md');
    expect(calls).toContainEqual({ version: 'current', versionDocsDirPath: 'content/docs', docPath: 'guia/antigo.md', permalink: '/docs/guia/antigo', locale: 'pt-BR' });
  });

  it('counts days since last_reviewed against staleAfterDays', () => {
    const now = new Date('2026-07-01T12:00:00Z');
    expect(isStale('2026-01-01', 180, now)).toBe(true);
    expect(isStale('2026-01-03', 180, now)).toBe(false);
    expect(isStale('não é data', 180, now)).toBe(false);
  });
});

describe('docgen build and stale pages', () => {
  it('lists the stale pages in a warning line and still builds', () => {
    const r = docgen(['build', site, '--out-dir', path.join(site, 'out')]);
    expect(r.code).toBe(0);
    expect(r.output).toMatch(/warning 1 page not reviewed in the last 180 days \(last_reviewed\):\n\s+content\/docs\/guia\/antigo\.md \(2020-01-15\)/);
    expect(r.output).not.toContain('novo.md');
  });

  it('fails with --fail-on-stale, naming the pages', () => {
    const r = docgen(['build', site, '--out-dir', path.join(site, 'out-ci'), '--fail-on-stale']);
    expect(r.code).toBe(1);
    expect(r.output).toContain('content/docs/guia/antigo.md (2020-01-15)');
    expect(r.output).toContain('Build failed');
  });
});
