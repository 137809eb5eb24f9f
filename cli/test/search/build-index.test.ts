import MiniSearch from 'minisearch';
import { describe, expect, it } from 'vitest';
import { buildSearchAssets, buildSearchIndex } from '../../src/search/build-index.js';
import type { AnalyzedDocument } from '../../src/search/postings.js';
import { decodeIndex, encodeIndex } from '@docgen/core/search/encode';
import { MINISEARCH_OPTIONS } from '@docgen/core/search/options';
import { SearchIndex } from '@docgen/core/search/query';
import type { PageTextFile, SearchIndexFile } from '@docgen/core/search/types';
import { corpus } from './corpus.js';

describe('buildSearchIndex', () => {
  it('gives the same bytes for the same docs in any order (stable content hash)', () => {
    expect(buildSearchIndex([...corpus].reverse())).toBe(buildSearchIndex(corpus));
  });

  it('lists pages by path with their headings; anchors only where they are not the heading slug', () => {
    const file = JSON.parse(buildSearchIndex(corpus)) as SearchIndexFile;
    expect(file).toMatchObject({ format: 1, locale: 'pt-BR' });
    expect(file.pages.map((p) => p[0])).toEqual([...corpus.map((d) => d.path)].sort());
    const migracao = file.pages.find((p) => p[0] === '/docs/migracao')!;
    expect(migracao[3]).toEqual([
      ['Pré-requisitos', 2, 'pre-requisitos'], // a custom id: the slug would be 'pré-requisitos'
      ['Passo a passo', 2],
      ['Apagar a conta no celular', 3],
    ]);
  });

  it('rebuilds heading paths and anchors on load', () => {
    const index = new SearchIndex(JSON.parse(buildSearchIndex(corpus)));
    const page = index.pages.find((p) => p.path === '/docs/migracao')!;
    expect(page.sections).toEqual([
      { anchor: '', headings: [] },
      { anchor: 'pre-requisitos', headings: ['Pré-requisitos'] },
      { anchor: 'passo-a-passo', headings: ['Passo a passo'] },
      { anchor: 'apagar-a-conta-no-celular', headings: ['Passo a passo', 'Apagar a conta no celular'] },
    ]);
  });

  it('numbers repeated headings like the engine does', () => {
    const doc = {
      path: '/docs/x', title: 'X', locale: 'pt-BR',
      sections: [
        { anchor: '', headings: [], text: '' },
        { anchor: 'exemplo', headings: ['Exemplo'], text: 'a' },
        { anchor: 'exemplo-1', headings: ['Exemplo'], text: 'b' },
      ],
    };
    const file = JSON.parse(buildSearchIndex([doc])) as SearchIndexFile;
    expect(file.pages[0][3]).toEqual([['Exemplo', 2], ['Exemplo', 2]]);
    expect(new SearchIndex(file).pages[0].sections.map((s) => s.anchor)).toEqual(['', 'exemplo', 'exemplo-1']);
  });

  it('writes one text file per page, named by its content, holding every section text', () => {
    const { index, files } = buildSearchAssets(corpus);
    const file = JSON.parse(index) as SearchIndexFile;
    expect(files).toHaveLength(corpus.length);
    for (const page of file.pages) {
      const text = files.find((f) => f.name === page[2]);
      expect(page[2]).toMatch(/^search-text-[0-9a-f]{10}\.json$/);
      const content = JSON.parse(text!.content) as PageTextFile;
      expect(content.texts).toHaveLength(page[3].length + 1);
    }
    const migracao = JSON.parse(files.find((f) => f.name === file.pages.find((p) => p[0] === '/docs/migracao')![2])!.content);
    expect(migracao.description).toBe('Como levar um número do aplicativo para a API de Nuvem.');
    expect(migracao.texts[3]).toMatch(/^No celular/);
  });

  it('keeps no section text in the index itself (texts are fetched per page)', () => {
    expect(buildSearchIndex(corpus)).not.toContain('registro falha');
  });

  it('encodes MiniSearch postings losslessly, frequencies capped at 2', () => {
    const docs = [
      { id: 0, title: 'webhook', heading: '', text: 'token token token url' },
      { id: 1, title: '', heading: 'token', text: '' },
      { id: 2, title: '', heading: '', text: 'url' },
    ];
    const ms = new MiniSearch(MINISEARCH_OPTIONS);
    ms.addAll(docs);
    const decoded = decodeIndex(JSON.parse(JSON.stringify(encodeIndex(ms.toJSON(), 3))), 3);
    const token = decoded.index.find(([term]) => term === 'token')![1];
    expect(token).toEqual({ 1: { 1: 1 }, 2: { 0: 2 } });
    expect(decoded.fieldLength).toEqual({ 0: [1, 0, 2], 1: [0, 1, 0], 2: [0, 0, 1] }); // distinct terms
    const loaded = MiniSearch.loadJS(decoded, MINISEARCH_OPTIONS);
    expect(loaded.search('url').map((r) => r.id).sort()).toEqual([0, 2]);
  });
});

describe('page analyses kept between builds', () => {
  it('give the same index as analysing every page, and an edited page is analysed again', () => {
    const kept = new Map<string, AnalyzedDocument>();
    let hits = 0;
    const cache = {
      get: (key: string) => (kept.has(key) ? (hits++, kept.get(key)) : undefined),
      set: (key: string, analyzed: AnalyzedDocument) => void kept.set(key, analyzed),
    };
    expect(buildSearchAssets(corpus, { analyses: cache })).toEqual(buildSearchAssets(corpus));
    expect(hits).toBe(0);

    const edited = corpus.map((doc, i) => (i === 0 ? { ...doc, sections: doc.sections.map((s) => ({ ...s, text: `${s.text} palavra nova` })) } : doc));
    const again = buildSearchAssets(edited, { analyses: cache });
    expect(again).toEqual(buildSearchAssets(edited));
    expect(hits).toBe(corpus.length - 1);
    expect(again.index).not.toBe(buildSearchAssets(corpus).index);
  });
});
