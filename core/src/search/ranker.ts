/**
 * Ranking, the same for an index in one file (query.ts) and a sharded one (sharded.ts): both
 * hand it a MiniSearch holding at least every term the query can reach, and the page titles.
 */
import type MiniSearch from 'minisearch';
import type { SearchResult } from 'minisearch';
import { SEARCH_DEFAULTS, type IndexedDocument } from './options.js';
import { parseQuery, type QueryTerm } from './parse-query.js';
import { fold, words } from './terms.js';

/** One matched document, before excerpts: the page's top or one of its sections. */
export interface RawHit {
  section: number;
  score: number;
  /** Index terms this document matched (for highlighting). */
  terms: string[];
  /** Which fields matched: a top document matched by 'text' only may point elsewhere. */
  fields: Set<string>;
}

/** A matching page by number (pages are numbered in path order, as the index lists them). */
export interface RankedNumber {
  page: number;
  score: number;
  hits: RawHit[];
  /**
   * Every index term matched anywhere on the page → the typed word's term it answers
   * ("configuraca" → "configur" for a prefix). Counting sources, not index terms, tells how
   * much of the query a text holds.
   */
  terms: Map<string, string>;
}

/** Score factor for a page whose title contains the whole query as typed (accents aside). */
const PHRASE_BOOST = 1.5;

/**
 * Which of a result's query terms matched index term `term`: itself, the one it extends
 * (prefix), else the closest one (fuzzy).
 */
function sourceOf(term: string, queryTerms: string[]): string {
  if (queryTerms.includes(term)) return term;
  if (queryTerms.length <= 1) return queryTerms[0] ?? term;
  const prefixOf = queryTerms.filter((q) => term.startsWith(q)).sort((a, b) => b.length - a.length)[0];
  if (prefixOf) return prefixOf;
  return queryTerms.reduce((best, q) => (distance(term, q) < distance(term, best) ? q : best));
}

/** Levenshtein distance of two short strings. */
export function distance(a: string, b: string): number {
  let row = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const next = [i];
    for (let j = 1; j <= b.length; j++) next[j] = Math.min(row[j] + 1, next[j - 1] + 1, row[j - 1] + (a[i - 1] === b[j - 1] ? 0 : 1));
    row = next;
  }
  return row[b.length];
}

/** The words of `text`, folded and single-spaced, for whole-phrase comparison. */
function phraseOf(text: string): string {
  return words(text).map((w) => fold(w.word)).join(' ');
}

/** Document number → [page number, section number], from each page's count of sections after its top. */
export function documentTable(sectionCounts: number[]): [number, number][] {
  const documents: [number, number][] = [];
  sectionCounts.forEach((count, p) => {
    for (let s = 0; s <= count; s++) documents.push([p, s]);
  });
  return documents;
}

/** Every page matching `query`, best first. */
export function rankPages(miniSearch: MiniSearch<IndexedDocument>, documents: [number, number][], titleOf: (page: number) => string, query: string): RankedNumber[] {
  const terms = parseQuery(query);
  if (terms.length === 0) return [];
  const specs = new Map(terms.map((t) => [t.term, t]));
  const results = miniSearch.search(terms.map((t) => t.term).join(' '), {
    ...SEARCH_DEFAULTS,
    // The terms are already processed: MiniSearch must take them as they are.
    tokenize: (text) => text.split(' '),
    processTerm: (term) => term,
    prefix: (term) => specs.get(term)?.prefix ?? false,
    fuzzy: (term) => specs.get(term)?.fuzzy ?? false,
    boostTerm: (term) => specs.get(term)?.boost ?? 1,
  });
  return group(results, documents, specs, titleOf, phraseOf(query));
}

function group(results: SearchResult[], documents: [number, number][], specs: Map<string, QueryTerm>, titleOf: (page: number) => string, phrase: string): RankedNumber[] {
  const byPage = new Map<number, RankedNumber>();
  for (const result of results) {
    const [p, section] = documents[result.id as number];
    let ranked = byPage.get(p);
    if (!ranked) byPage.set(p, (ranked = { page: p, score: 0, hits: [], terms: new Map() }));
    const fields = new Set(Object.values(result.match as Record<string, string[]>).flat());
    ranked.hits.push({ section, score: result.score, terms: result.terms, fields });
    for (const term of result.terms) {
      if (ranked.terms.has(term)) continue;
      const query = sourceOf(term, result.queryTerms as string[]);
      ranked.terms.set(term, specs.get(query)?.source ?? query);
    }
  }
  const pages = [...byPage.values()];
  for (const ranked of pages) {
    // Results arrive best first, so hits[0] is the page's best document; the others
    // add a little, so a page matching in several places wins a tie.
    ranked.score = ranked.hits[0].score + 0.1 * ranked.hits.slice(1).reduce((sum, h) => sum + h.score, 0);
    // Stop words are not indexed, so "o que é a WABA" alone cannot tell "O que é a WABA"
    // from "Como criar a WABA": a title holding the whole query, word for word, wins.
    if (phrase && ` ${phraseOf(titleOf(ranked.page))}`.includes(` ${phrase}`)) ranked.score *= PHRASE_BOOST;
  }
  // Ties go to the page listed first: the index lists pages sorted by path.
  return pages.sort((a, b) => b.score - a.score || a.page - b.page);
}
