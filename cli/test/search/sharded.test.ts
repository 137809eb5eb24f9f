import { describe, expect, it } from 'vitest';
import { buildSearchAssets } from '../../src/search/build-index.js';
import { SearchIndex } from '@docgen/core/search/query';
import { ShardedSearchIndex } from '@docgen/core/search/sharded';
import { Searcher } from '@docgen/core/search/searcher';
import type { SearchDocument, ShardedIndexFile } from '@docgen/core/search/types';
import { corpus } from './corpus.js';

/** A corpus with many pages and terms, so the sharded form has several term and page files. */
const WORDS = ['cadastro', 'portfólio', 'verificação', 'mensagem', 'webhook', 'número', 'conta', 'integração', 'migração', 'token', 'configurar', 'configuração'];
const large: SearchDocument[] = [...corpus, ...Array.from({ length: 300 }, (_, n): SearchDocument => ({
  path: `/docs/gerada/p${String(n).padStart(3, '0')}`,
  title: `${WORDS[n % WORDS.length]} e ${WORDS[(n * 5) % WORDS.length]} ${n}`,
  locale: 'pt-BR',
  sections: [
    { anchor: '', headings: [], text: `Texto sobre ${WORDS[(n * 7) % WORDS.length]} com termo${n} e palavra${n % 37}.` },
    { anchor: 'detalhes', headings: ['Detalhes'], text: `Mais sobre ${WORDS[(n * 3) % WORDS.length]} e valor${n}.` },
  ],
}))];

const QUERIES = ['migracao', 'MIGRAÇÃO', 'verificação da empresa', 'webhok', 'migrasão', 'verificaçao empersa', 'tokn ', 'webh', 'configuraç',
  'configura', 'como apagar a conta do celular', 'de para com ', 'número', 'token', 'termo12', 'termo1', 'palavra3 valor', 'cadsatro', 'portfolio ', 'co', ''];

function loaders(docs: SearchDocument[]) {
  const one = buildSearchAssets(docs, { split: false });
  const split = buildSearchAssets(docs, { split: true, termFileBytes: 1024 });
  const files = new Map(split.files.map((f) => [f.name, JSON.parse(f.content) as unknown]));
  const fetched: string[] = [];
  const load = async (name: string) => {
    fetched.push(name);
    if (!files.has(name)) throw new Error(`no file ${name}`);
    return files.get(name);
  };
  return { whole: new SearchIndex(JSON.parse(one.index)), meta: JSON.parse(split.index) as ShardedIndexFile, load, fetched };
}

describe('sharded search index (issue 14)', () => {
  it('ranks exactly as the index in one file: typos, prefixes, accents, stems, stop words', async () => {
    const { whole, meta, load } = loaders(large);
    expect(meta.termFiles.names.length).toBeGreaterThan(2);
    expect(meta.pageFiles.names.length).toBeGreaterThan(2);
    const sharded = new ShardedSearchIndex(meta, load);
    expect(sharded.search('migracao', 8)).toBeNull(); // nothing fetched yet
    for (const query of QUERIES) {
      await sharded.prepare(query, 8);
      const strip = (r: ReturnType<SearchIndex['search']>) => r.map((p) => ({ path: p.page.path, score: p.score, hits: p.hits, terms: [...p.terms] }));
      expect(strip(sharded.search(query, 8)!), query).toEqual(strip(whole.search(query, 8)));
    }
  });

  it('fetches only the term files a query reaches and the page files of what it lists', async () => {
    const { whole, meta, load, fetched } = loaders(large);
    const sharded = new ShardedSearchIndex(meta, load);
    await sharded.prepare('termo12 ', 8);
    const terms = fetched.filter((n) => n.startsWith('search-terms-'));
    expect(terms.length).toBeGreaterThan(0);
    expect(terms.length).toBeLessThan(meta.termFiles.names.length);
    // Pages are numbered in path order, as the index in one file lists them.
    const listed = whole.search('termo12 ', 8).map((r) => whole.pages.indexOf(r.page));
    const pageFiles = new Set(listed.map((p) => Math.floor(p / meta.pageFiles.size)));
    expect(fetched.filter((n) => n.startsWith('search-pages-'))).toEqual([...pageFiles].map((f) => meta.pageFiles.names[f]));
    expect(sharded.search('termo12 ', 8)![0].page.path).toBe('/docs/gerada/p012');
  });

  it('gives the search box the same results, excerpts included, through the Searcher', async () => {
    const { whole, meta, load } = loaders(large);
    const texts = async (name: string) => JSON.parse(buildSearchAssets(large).files.find((f) => f.name === name)!.content);
    const a = new Searcher(whole, texts);
    const b = new Searcher(new ShardedSearchIndex(meta, load), texts);
    expect(a.ready('webhook', 8)).toBe(true);
    expect(b.ready('webhook', 8)).toBe(false);
    expect(await b.searchWithExcerpts('webhook', 8)).toEqual(await a.searchWithExcerpts('webhook', 8));
    expect(b.ready('webhook', 8)).toBe(true);
  });

  it('keeps a small index in one file', () => {
    expect(JSON.parse(buildSearchAssets(corpus).index).format).toBe(1);
  });
});
