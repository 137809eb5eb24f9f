/**
 * Answers queries against a loaded index. Pure and browser-safe: the browser runtime
 * (runtime.ts) and the relevance tests both use exactly this code.
 */
import MiniSearch, { type SearchResult } from 'minisearch';
import { decodeIndex } from './encode.js';
import { MINISEARCH_OPTIONS, SEARCH_DEFAULTS, type IndexedDocument } from './options.js';
import { headingSlugger } from './slug.js';
import { processPartialTerm, processTerm, words } from './terms.js';
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
  /** Every index term matched anywhere on the page. */
  terms: string[];
}

export interface QueryTerm {
  term: string;
  prefix: boolean;
  fuzzy: number | false;
}

/**
 * Turns what the user typed into index terms. The last word, while still being typed (no
 * space after it), keeps a stop word ("com" may become "comercial"). Prefix matching for
 * every word of two letters or more; one typo tolerated for words of five letters or more
 * (counted as typed, before stemming shortens them).
 */
export function parseQuery(query: string): QueryTerm[] {
  const typed = words(query);
  const lastIsPartial = !/\s$/.test(query);
  const seen = new Map<string, QueryTerm>();
  typed.forEach(({ word }, i) => {
    const partial = lastIsPartial && i === typed.length - 1;
    const term = partial ? processPartialTerm(word) : processTerm(word);
    if (!term || seen.has(term)) return;
    seen.set(term, { term, prefix: term.length >= 2, fuzzy: [...word].length >= 5 ? 1 : false });
  });
  return [...seen.values()];
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
    });
    return this.group(results).slice(0, limit);
  }

  private group(results: SearchResult[]): RankedPage[] {
    const byPage = new Map<number, RankedPage>();
    for (const result of results) {
      const [p, section] = this.documents[result.id as number];
      let ranked = byPage.get(p);
      if (!ranked) byPage.set(p, (ranked = { page: this.pages[p], score: 0, hits: [], terms: [] }));
      const fields = new Set(Object.values(result.match as Record<string, string[]>).flat());
      ranked.hits.push({ section, score: result.score, terms: result.terms, fields });
      for (const term of result.terms) if (!ranked.terms.includes(term)) ranked.terms.push(term);
    }
    const pages = [...byPage.values()];
    for (const ranked of pages) {
      // Results arrive best first, so hits[0] is the page's best document; the others
      // add a little, so a page matching in several places wins a tie.
      ranked.score = ranked.hits[0].score + 0.1 * ranked.hits.slice(1).reduce((sum, h) => sum + h.score, 0);
    }
    return pages.sort((a, b) => b.score - a.score || (a.page.path < b.page.path ? -1 : 1));
  }
}
