import { describe, expect, it } from 'vitest';
import { fold, processPartialTerm, processTerm, tokenize } from '@docgen/core/search/terms';
import { stemPt } from '@docgen/core/search/stem';
import { parseQuery } from '@docgen/core/search/parse-query';

describe('term processing (shared by index and queries)', () => {
  it('folds case and accents', () => {
    expect(fold('Migração')).toBe('migracao');
    expect(fold('VERIFICAÇÃO')).toBe('verificacao');
    expect(fold('Página')).toBe(fold('pagina'));
  });

  it.each([
    ['números', 'número'],
    ['configurações', 'configuração'],
    ['mensagens', 'mensagem'],
    ['tokens', 'token'],
    ['itens', 'item'],
    ['verificada', 'verificado'],
    ['manuais', 'manual'],
    ['papéis', 'papel'],
    ['integrações', 'INTEGRACAO'],
    ['APIs', 'api'],
  ])('maps %s and %s to one term', (a, b) => {
    expect(processTerm(a)).toBe(processTerm(b));
  });

  it('keeps different words apart', () => {
    expect(processTerm('conta')).not.toBe(processTerm('contato'));
    expect(processTerm('número')).not.toBe(processTerm('nome'));
  });

  it('leaves short words and numbers alone', () => {
    expect(stemPt('app')).toBe('app');
    expect(stemPt('2025')).toBe('2025');
    expect(stemPt('v21x')).toBe('v21x');
  });

  it('drops stop words, except in the word being typed', () => {
    expect(processTerm('de')).toBeNull();
    expect(processTerm('Para')).toBeNull();
    expect(processTerm('não')).toBe('nao');
    expect(processPartialTerm('com')).toBe('com');
  });

  it('splits on anything that is not a letter or a digit', () => {
    expect(tokenize('phone_number_id: 123/456 (WABA)')).toEqual(['phone', 'number', 'id', '123', '456', 'WABA']);
    expect(tokenize('Configuração—já!')).toEqual(['Configuração', 'já']);
  });
});

describe('parseQuery', () => {
  const typed = (query: string) => parseQuery(query).filter((t) => t.boost === 1);

  it('tolerates one typo only in words of five letters or more', () => {
    expect(typed('webhok tokn ')).toEqual([
      { term: 'webhok', prefix: false, fuzzy: 1, boost: 1, source: 'webhok' },
      { term: 'tokn', prefix: false, fuzzy: false, boost: 1, source: 'tokn' },
    ]);
  });

  it('matches only the word being typed as a prefix', () => {
    const typedTerms = parseQuery('pré requisitos').filter((t) => t.boost === 1);
    expect(typedTerms.map((t) => [t.term, t.prefix])).toEqual([['pre', false], ['requisit', true]]);
  });

  it('also looks up swapped letters, weighted below what was typed', () => {
    const variants = parseQuery('acompanhamneto ').filter((t) => t.boost < 1).map((t) => t.term);
    expect(variants).toContain(processTerm('acompanhamento'));
    expect(parseQuery('acompanhamneto ').every((t) => t.source === 'acompanhamnet')).toBe(true);
    expect(parseQuery('tokn ').filter((t) => t.boost < 1)).toEqual([]);
  });

  it('drops stop words and duplicates, keeps a stop word being typed', () => {
    expect(typed('como criar o app').map((t) => t.term)).toEqual(['criar', 'app']);
    expect(typed('número números ').map((t) => t.term)).toEqual(['numer']);
    expect(typed('número com').map((t) => t.term)).toEqual(['numer', 'com']);
    expect(typed('número com ').map((t) => t.term)).toEqual(['numer']);
  });

  it('has nothing to search for in punctuation or stop words alone', () => {
    expect(parseQuery('  ?! ')).toEqual([]);
    expect(parseQuery('de ')).toEqual([]);
  });
});
