import MiniSearch from 'minisearch';
import { describe, expect, it } from 'vitest';
import { encodeIndex } from '@docgen/core/search/encode';
import { MINISEARCH_OPTIONS, type IndexedDocument } from '@docgen/core/search/options';
import { PostingsWriter } from '../../src/search/postings.js';
import { corpus } from './corpus.js';

/** What the builder wrote before PostingsWriter: MiniSearch's index, encoded. */
function viaMiniSearch(documents: IndexedDocument[]) {
  const ms = new MiniSearch<IndexedDocument>(MINISEARCH_OPTIONS);
  ms.addAll(documents);
  return encodeIndex(ms.toJSON(), documents.length);
}

function viaWriter(documents: IndexedDocument[]) {
  const writer = new PostingsWriter();
  for (const doc of documents) writer.add(doc);
  return writer.finish();
}

/** Deterministic pseudo-random words: accents, stop words, numbers, repeats, empty fields. */
function randomDocuments(count: number, seed: number): IndexedDocument[] {
  let state = seed;
  const next = () => (state = (state * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
  const words = ['Migração', 'migracao', 'número', 'não', 'de', 'WABA', 'token', 'tokens', 'conta', 'contato', '2024', 'a', 'Verificação', 'the', 'é', 'BM', 'api_key', 'São', 'configurar', 'configuração'];
  const text = (max: number) => Array.from({ length: Math.floor(next() * max) }, () => words[Math.floor(next() * words.length)]).join(next() < 0.5 ? ' ' : ', ');
  return Array.from({ length: count }, (_, id) => ({ id, title: text(4), heading: next() < 0.3 ? '' : text(5), text: text(60) }));
}

describe('PostingsWriter', () => {
  it('writes what MiniSearch and encodeIndex wrote, on the search corpus', () => {
    const documents: IndexedDocument[] = [];
    for (const doc of corpus) {
      documents.push({ id: documents.length, title: doc.title, heading: '', text: doc.sections.map((s) => s.text).join(' ') });
      for (const s of doc.sections) documents.push({ id: documents.length, title: '', heading: s.headings.at(-1) ?? '', text: '' });
    }
    expect(viaWriter(documents)).toEqual(viaMiniSearch(documents));
  });

  it('writes what MiniSearch and encodeIndex wrote, on random text', () => {
    for (const seed of [1, 2, 3]) {
      const documents = randomDocuments(300, seed);
      expect(JSON.stringify(viaWriter(documents))).toBe(JSON.stringify(viaMiniSearch(documents)));
    }
  });

  it('refuses documents out of order (postings are written in document order)', () => {
    const writer = new PostingsWriter();
    expect(() => writer.add({ id: 1, title: 'x', heading: '', text: '' })).toThrow(/internal/);
  });
});
