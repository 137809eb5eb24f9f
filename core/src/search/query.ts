/**
 * Answers queries against a loaded index. Pure and browser-safe: the browser runtime
 * (runtime.ts) and the relevance tests both use exactly this code.
 */
import MiniSearch, { type SearchResult } from 'minisearch';
import { decodeIndex } from './encode.js';
import { MINISEARCH_OPTIONS, SEARCH_DEFAULTS, type IndexedDocument } from './options.js';
import { headingSlugger } from './slug.js';
import { parseQuery, type QueryTerm } from './parse-query.js';
import { fold, words } from './terms.js';
import { SEARCH_INDEX_FORMAT, type SearchIndexFile } from './types.js';

/** A page of the index, unpacked for display. */
export interface LoadedPage {
  path: string;
  title: string;
  textFile: string;
  /** Section 0 is the page's top; then one per heading, in document order. */
  sections: { anchor: string; headings: string[] }[];
}

/** One matched document, before excerpts: the page's top or one of its sections. */
export interface RawHit {
  section: number;
  score: number;
  /** Index terms this document matched (for highlighting). */
  terms: string[];
  /** Which fields matched: a top document matched by 'text' only may point elsewhere. */
  fields: Set<string>;
}

export interface RankedPage {
  page: LoadedPage;
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
function distance(a: string, b: string): number {
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

export class SearchIndex {
  readonly pages: LoadedPage[];
  /** Document number → [page number, section number]. */
  private readonly documents: [number, number][] = [];
  private readonly miniSearch: MiniSearch<IndexedDocument>;

  constructor(file: SearchIndexFile) {
    if (file.format !== SEARCH_INDEX_FORMAT) {
      throw new Error(`Search index format ${String(file.format)} is not supported (expected ${SEARCH_INDEX_FORMAT}): rebuild the site.`);
    }
    this.pages = file.pages.map(([path, title, textFile, headings], p) => {
      const slug = headingSlugger();
      const sections: LoadedPage['sections'] = [{ anchor: '', headings: [] }];
      this.documents.push([p, 0]);
      let h2 = '';
      for (const [heading, level, anchor] of headings) {
        // The slugger runs for every heading, like the engine's, so duplicates number alike.
        const slugged = slug(heading);
        if (level === 2) h2 = heading;
        sections.push({ anchor: anchor ?? slugged, headings: level === 3 && h2 ? [h2, heading] : [heading] });
        this.documents.push([p, sections.length - 1]);
      }
      return { path, title, textFile, sections };
    });
    this.miniSearch = MiniSearch.loadJS(decodeIndex(file.index, this.documents.length), MINISEARCH_OPTIONS);
  }

  /** Pages matching `query`, best first, each with its matching documents. */
  search(query: string, limit = 10): RankedPage[] {
    const terms = parseQuery(query);
    if (terms.length === 0) return [];
    const specs = new Map(terms.map((t) => [t.term, t]));
    const results = this.miniSearch.search(terms.map((t) => t.term).join(' '), {
      ...SEARCH_DEFAULTS,
      // The terms are already processed: MiniSearch must take them as they are.
      tokenize: (text) => text.split(' '),
      processTerm: (term) => term,
      prefix: (term) => specs.get(term)?.prefix ?? false,
      fuzzy: (term) => specs.get(term)?.fuzzy ?? false,
      boostTerm: (term) => specs.get(term)?.boost ?? 1,
    });
    return this.group(results, specs, phraseOf(query)).slice(0, limit);
  }

  private group(results: SearchResult[], specs: Map<string, QueryTerm>, phrase: string): RankedPage[] {
    const byPage = new Map<number, RankedPage>();
    for (const result of results) {
      const [p, section] = this.documents[result.id as number];
      let ranked = byPage.get(p);
      if (!ranked) byPage.set(p, (ranked = { page: this.pages[p], score: 0, hits: [], terms: new Map() }));
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
      if (phrase && ` ${phraseOf(ranked.page.title)}`.includes(` ${phrase}`)) ranked.score *= PHRASE_BOOST;
    }
    return pages.sort((a, b) => b.score - a.score || (a.page.path < b.page.path ? -1 : 1));
  }
}
