import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SearchIndex } from '@docgen/core/search/query';
import { Searcher } from '@docgen/core/search/searcher';
import type { PageTextFile, SearchIndexFile } from '@docgen/core/search/types';
import { docgen, repoRoot } from '../helpers.js';

/**
 * Relevance on the company site itself: the real build's index, loaded with the same code
 * the browser runs, must rank the expected page first for each of these pt-BR queries.
 */
const QUERIES: [query: string, firstPage: string][] = [
  // Accents and case do not matter.
  ['site inválido', '/docs/errors/site-invalido'],
  ['SITE INVALIDO', '/docs/errors/site-invalido'],
  ['código de verificação', '/docs/old-integration/verification-code'],
  ['codigo de verificacao', '/docs/old-integration/verification-code'],
  ['migracao pre requisitos', '/docs/unoffical-to-official/prerequisites'],
  ['Migração: pré-requisitos', '/docs/unoffical-to-official/prerequisites'],
  // Questions: stop words drop out, the title holding the whole question wins.
  ['o que é a WABA', '/docs/waba/whats-is'],
  ['o que e o bm', '/docs/bm/whats-is'],
  ['como criar a waba', '/docs/waba/create'],
  ['criar app meta', '/docs/bm/create-a-meta-app'],
  ['apagar conta celular', '/docs/unoffical-to-official/delete-app'],
  ['ativar numero novo', '/docs/new-number/link-new-number'],
  ['quando usar integração antiga', '/docs/old-integration/when-to-use'],
  ['dados da empresa', '/docs/old-integration/company-data'],
  ['tardis', '/docs/old-integration/update-tardis-channel'],
  ['mktzap canal', '/docs/old-integration/create-new-channel'],
  // A heading deep in a page.
  ['documentos aceitos', '/docs/errors/site-invalido'],
  ['janela de atendimento', '/docs/intro'],
  // One typo: a missing, extra, wrong or swapped letter.
  ['credencias', '/docs/old-integration/cloud-credentials'],
  ['perfil do whatsapp busines', '/docs/old-integration/create-profile'],
  ['acompanhamneto', '/docs/new-number/following-creation'],
  ['vincluar numero', '/docs/new-number/link-new-number'],
  ['codigo de verificaçaõ', '/docs/old-integration/verification-code'],
  // Singular and plural.
  ['link util', '/docs/definitions/useful-linkts'],
  ['credencial', '/docs/old-integration/cloud-credentials'],
  ['vincular números', '/docs/new-number/link-new-number'],
  ['pré-requisito número novo', '/docs/new-number/prerequisites'],
];

let out: string;
let file: SearchIndexFile;
let index: SearchIndex;

beforeAll(() => {
  out = mkdtempSync(path.join(tmpdir(), 'docgen-search-site-'));
  const result = docgen(['build', repoRoot, '--out-dir', out]);
  if (result.code !== 0) throw new Error(`company site build failed:\n${result.output}`);
  const assets = path.join(out, 'assets');
  const name = readdirSync(assets).find((n) => /^search-.*\.json$/.test(n) && !n.startsWith('search-text-'));
  if (!name) throw new Error('the build wrote no search index');
  file = JSON.parse(readFileSync(path.join(assets, name), 'utf8'));
  index = new SearchIndex(file);
});

afterAll(() => {
  if (out) rmSync(out, { recursive: true, force: true });
});

describe('search relevance on the company site', () => {
  it.each(QUERIES)('"%s" ranks %s first', (query, firstPage) => {
    expect(index.search(query)[0]?.page.path).toBe(firstPage);
  });

  it('indexes every doc page of the site', () => {
    expect(file.pages.length).toBeGreaterThanOrEqual(27);
    expect(file.locale).toBe('pt-BR');
  });

  it('links a heading match to an id that exists on the built page', () => {
    const [top] = index.search('documentos aceitos');
    const section = top.page.sections[top.hits[0].section];
    expect(section.headings).toEqual(['Documentos aceitos no Brasil']);
    const html = readFileSync(path.join(out, 'docs/errors/site-invalido/index.html'), 'utf8');
    expect(html).toContain(`id="${section.anchor}"`);
  });

  it('links every indexed section to an id on its page', () => {
    for (const page of index.pages) {
      const html = readFileSync(path.join(out, page.path.slice(1), 'index.html'), 'utf8');
      for (const { anchor } of page.sections.slice(1)) expect(html, `${page.path}#${anchor}`).toContain(`id="${anchor}"`);
    }
  });

  // The build writes each page's text file (for excerpts) beside the index.
  it('shows excerpts with the matched words from the page text files', async () => {
    expect(existsSync(path.join(out, 'assets', file.pages[0][2]))).toBe(true);
    const searcher = new Searcher(index, async (name) => JSON.parse(readFileSync(path.join(out, 'assets', name), 'utf8')) as PageTextFile);
    const [page] = await searcher.searchWithExcerpts('migracao pre requisitos');
    const hit = page.hits[0];
    const marked = hit.highlights.map(([a, b]) => hit.excerpt.slice(a, b).toLowerCase());
    expect(marked.length).toBeGreaterThan(0);
    expect(marked.every((w) => /migra|pr[eé]|requisit/.test(w))).toBe(true);
  });
});
