import { readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import matter from 'gray-matter';
import { beforeAll, describe, expect, it } from 'vitest';
import { docgen, repoRoot } from '../../cli/test/helpers.js';

/** SPEC.md section 2: every route of the company site. */
const DOC_ROUTES = [
  'intro',
  'bm/business-verification', 'bm/check-bm', 'bm/create-a-bm', 'bm/create-a-meta-app', 'bm/whats-is',
  'definitions/embedded-signup', 'definitions/glossary', 'definitions/new-vs-migration', 'definitions/useful-linkts',
  'errors/display-name-rejected', 'errors/meta-error-codes', 'errors/site-invalido',
  'new-number/following-creation', 'new-number/link-new-number', 'new-number/prerequisites',
  'old-integration/add-phone-number', 'old-integration/cloud-credentials', 'old-integration/company-data',
  'old-integration/create-new-channel', 'old-integration/create-profile', 'old-integration/finish-in-meta',
  'old-integration/finish-in-mktzap', 'old-integration/how-to-do', 'old-integration/update-tardis-channel',
  'old-integration/verification-code', 'old-integration/when-to-use',
  'number-operations/billing-2026', 'number-operations/delete-number', 'number-operations/message-templates',
  'number-operations/move-number-between-wabas', 'number-operations/quality-and-limits', 'number-operations/two-step-pin',
  'unoffical-to-official/delete-app', 'unoffical-to-official/prerequisites', 'unoffical-to-official/start-migration',
  'waba/create', 'waba/whats-is',
];
const CATEGORY_SLUGS = ['definições-e-processos', 'bm', 'waba', 'migração-de-não-oficial', 'ativação-de-número-novo', 'integração-antiga', 'operação-e-suporte-do-número', 'erros-mais-comuns'];
const ALL_ROUTES = ['/', '/markdown-page', '/docs', ...DOC_ROUTES.map((r) => `/docs/${r}`), ...CATEGORY_SLUGS.map((s) => `/docs/category/${s}`)];

const docsDir = path.join(repoRoot, 'content/docs');
const docFiles = (readdirSync(docsDir, { recursive: true }) as string[]).filter((f) => /\.mdx?$/.test(f));

/** Words of prose: code, JSX, links' URLs and admonition fences left out. */
function proseWords(body: string): number {
  const text = body
    .replace(/```[\s\S]*?```/g, ' ')
    .replace(/^(import|export) .*$/gm, ' ')
    .replace(/<[^>]+>/g, ' ')
    .replace(/\]\([^)]*\)/g, ']')
    .replace(/^:::.*$/gm, ' ');
  return (text.match(/[\p{L}\p{N}][\p{L}\p{N}'’-]*/gu) ?? []).length;
}

describe('company content', () => {
  let build: ReturnType<typeof docgen>;
  let manifest: { routes: string[]; redirects: Record<string, string> };
  beforeAll(() => {
    const out = path.join(tmpdir(), `docgen-content-${process.pid}`);
    build = docgen(['build', repoRoot, '--out-dir', out, '--strict-links']);
    manifest = JSON.parse(readFileSync(path.join(out, '.docgen/manifest.json'), 'utf8'));
  });

  it('builds with --strict-links: every internal link and anchor resolves', () => {
    expect(build.output).not.toContain('error');
    expect(build.code).toBe(0);
    expect(build.stdout).toContain('0 warnings');
  });

  it('has a page for every SPEC.md route, category index pages included', () => {
    const served = new Set([...manifest.routes, ...Object.keys(manifest.redirects)]);
    expect(ALL_ROUTES.filter((r) => !served.has(r))).toEqual([]);
  });

  it.each(docFiles)('%s: title, description, last_reviewed, 150+ words, sources, no placeholder', (file) => {
    const source = readFileSync(path.join(docsDir, file), 'utf8');
    const { data, content } = matter(source);
    expect(typeof data.title === 'string' && data.title.length > 0, 'missing title').toBe(true);
    expect(typeof data.description === 'string' && data.description.length > 0, 'missing description').toBe(true);
    expect(data.last_reviewed, 'missing last_reviewed').toBeTruthy();
    expect(proseWords(content)).toBeGreaterThanOrEqual(150);
    // TODO/TBD only in capitals: "todo" is an ordinary Portuguese word.
    expect(content).not.toMatch(/\bTODO\b|\bTBD\b|FIXME/);
    expect(content).not.toMatch(/\blorem\b|\bem breve\b/i);
    const sources = content.split(/^## Fontes\b.*$/m)[1];
    expect(sources, 'no "## Fontes" section').toBeDefined();
    expect(sources).toMatch(/\]\(https:\/\/[^)]+\)/);
  });

  it('marks what the company must add with one consistent admonition', () => {
    const pending = docFiles.filter((f) => readFileSync(path.join(docsDir, f), 'utf8').includes('Complemento interno pendente'));
    expect(pending.length).toBeGreaterThan(0);
    for (const f of pending) {
      const text = readFileSync(path.join(docsDir, f), 'utf8');
      for (const m of text.matchAll(/^:::(\w+)\[Complemento interno pendente\]/gm)) expect(m[1], f).toBe('info');
    }
  });
});
