import { describe, expect, it } from 'vitest';
import { buildSearchAssets } from '../../src/search/build-index.js';
import { excerpt, EXCERPT_LENGTH } from '@docgen/core/search/excerpt';
import { SearchIndex } from '@docgen/core/search/query';
import { Searcher } from '@docgen/core/search/searcher';
import type { PageTextFile, SearchHit } from '@docgen/core/search/types';
import { corpus } from './corpus.js';

function searcher() {
  const { index, files } = buildSearchAssets(corpus);
  const loaded: string[] = [];
  const s = new Searcher(new SearchIndex(JSON.parse(index)), async (name) => {
    loaded.push(name);
    return JSON.parse(files.find((f) => f.name === name)!.content) as PageTextFile;
  });
  return { s, loaded };
}

const marked = (text: string, ranges: [number, number][]) => ranges.map(([a, b]) => text.slice(a, b));

describe('search results with excerpts', () => {
  it('answers at once with titles, headings and links, then adds excerpts', async () => {
    const { s, loaded } = searcher();
    const quick = s.search('token expirado');
    expect(quick[0]).toMatchObject({ path: '/docs/erros', title: 'Erros comuns' });
    expect(quick[0].hits[0]).toMatchObject({ href: '/docs/erros#token-expirado', headings: ['Token expirado'], excerpt: '' });
    expect(marked('Token expirado', quick[0].hits[0].headingHighlights)).toEqual(['Token', 'expirado']);
    expect(loaded).toEqual([]);

    const full = await s.searchWithExcerpts('token expirado');
    const hit = full[0].hits[0];
    expect(hit.excerpt).toBe('Gere um token permanente para o usuário do sistema.');
    expect(marked(hit.excerpt, hit.highlights)).toEqual(['token']);
  });

  it('moves a body-text match to the section that holds the words', async () => {
    const { s } = searcher();
    const [page] = await s.searchWithExcerpts('registro número em uso');
    expect(page.path).toBe('/docs/migracao');
    const hit = page.hits[0];
    expect(hit).toMatchObject({ href: '/docs/migracao#apagar-a-conta-no-celular', headings: ['Passo a passo', 'Apagar a conta no celular'] });
    expect(marked(hit.excerpt, hit.highlights)).toEqual(['número', 'registro', 'número', 'uso']);
  });

  it('highlights inflected and unaccented forms of what was typed', async () => {
    const { s } = searcher();
    const [page] = await s.searchWithExcerpts('migracoes');
    expect(page.path).toBe('/docs/migracao');
    expect(marked(page.title, page.titleHighlights)).toEqual(['Migração']);
    const top = page.hits.find((h) => h.anchor === '')!;
    expect(top.href).toBe('/docs/migracao');
    expect(marked(top.excerpt, top.highlights)).toEqual(['migração']);
  });

  it('shows the description for a page with no text before its first heading', async () => {
    const { s } = searcher();
    const [page] = await s.searchWithExcerpts('configurar');
    expect(page.path).toBe('/docs/webhook');
    expect(page.hits[0].href).toBe('/docs/webhook');
  });

  it('shows at most three sections per page and loads each page text once', async () => {
    const { s, loaded } = searcher();
    const results = await s.searchWithExcerpts('número');
    for (const r of results) expect(r.hits.length).toBeLessThanOrEqual(3);
    await s.searchWithExcerpts('números');
    expect(new Set(loaded).size).toBe(loaded.length);
    // Texts already loaded give excerpts right away.
    expect(s.search('número')[0].hits.some((h: SearchHit) => h.excerpt !== '')).toBe(true);
  });

  it('still answers when a page text cannot be loaded', async () => {
    const { index } = buildSearchAssets(corpus);
    const s = new Searcher(new SearchIndex(JSON.parse(index)), () => Promise.reject(new Error('401')));
    const [page] = await s.searchWithExcerpts('token expirado');
    expect(page.hits[0]).toMatchObject({ href: '/docs/erros#token-expirado', excerpt: '' });
  });
});

describe('excerpt', () => {
  const terms = new Map([['webhook', 'webhook']]);
  it('keeps a short text whole', () => {
    expect(excerpt('Configure o webhook.', terms)).toEqual({ text: 'Configure o webhook.', highlights: [[12, 19]] });
  });

  it('cuts a long text around the match, at word boundaries, with ellipses', () => {
    const text = `${'palavra '.repeat(40)}o webhook recebe os eventos ${'depois '.repeat(40)}`.trim();
    const { text: shown, highlights } = excerpt(text, terms);
    expect(shown.startsWith('…palavra')).toBe(true);
    expect(shown.endsWith('depois…')).toBe(true);
    expect(shown.length).toBeLessThanOrEqual(EXCERPT_LENGTH + 2);
    expect(marked(shown, highlights)).toEqual(['webhook']);
  });

  it('starts at the beginning when nothing matches', () => {
    expect(excerpt('a '.repeat(200), terms).text.startsWith('a a')).toBe(true);
  });
});
