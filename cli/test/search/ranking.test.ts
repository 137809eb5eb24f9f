import { describe, expect, it } from 'vitest';
import { buildSearchIndex } from '../../src/search/build-index.js';
import { SearchIndex } from '@docgen/core/search/query';
import { corpus } from './corpus.js';

// Loaded from the JSON text, exactly as the browser loads the built file.
const index = new SearchIndex(JSON.parse(buildSearchIndex(corpus)));
const first = (query: string) => index.search(query)[0]?.page.path;

describe('ranking on a small pt-BR site', () => {
  it.each([
    ['migracao', '/docs/migracao'],
    ['MIGRAÇÃO', '/docs/migracao'],
    ['VERIFICACAO', '/docs/verificacao'],
    ['verificação da empresa', '/docs/verificacao'],
    ['webhook', '/docs/webhook'],
    ['numeros novos', '/docs/numero-novo'],
    ['ativar número', '/docs/numero-novo'],
    ['erros', '/docs/erros'],
  ])('"%s" ranks %s first (case, accents, plural)', (query, path) => {
    expect(first(query)).toBe(path);
  });

  it('tolerates one typo in a word of five letters or more', () => {
    expect(first('webhok')).toBe('/docs/webhook');
    expect(first('migrasão')).toBe('/docs/migracao');
    expect(first('verificaçao empersa')).toBe('/docs/verificacao');
  });

  it('does not stretch short words into others', () => {
    expect(index.search('tokn ')).toEqual([]);
  });

  it('matches prefixes while typing', () => {
    expect(first('webh')).toBe('/docs/webhook');
    expect(first('configuraç')).toBe('/docs/numero-novo');
    expect(first('configura')).toBe('/docs/webhook'); // "Configurar" in a title
    expect(first('migr')).toBe('/docs/migracao');
  });

  it('ranks a title above a heading above body text', () => {
    const paths = index.search('webhook').map((r) => r.page.path);
    expect(paths.indexOf('/docs/webhook')).toBeLessThan(paths.indexOf('/docs/glossario'));
    const token = index.search('token');
    expect(token[0].page.path).toBe('/docs/erros');
    expect(token[0].hits[0]).toMatchObject({ section: 1 });
  });

  it('ignores stop words', () => {
    expect(first('como apagar a conta do celular')).toBe('/docs/migracao');
    expect(index.search('de para com ')).toEqual([]);
  });

  it('returns nothing for an empty query and limits the pages', () => {
    expect(index.search('')).toEqual([]);
    expect(index.search('   ')).toEqual([]);
    expect(index.search('número', 2)).toHaveLength(2);
  });
});
