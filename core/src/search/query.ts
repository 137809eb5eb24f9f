/**
 * Answers queries against a loaded index. Pure and browser-safe: the browser runtime
 * (runtime.ts) and the relevance tests both use exactly this code.
 */
import MiniSearch from 'minisearch';
import { decodeIndex } from './encode.js';
import { MINISEARCH_OPTIONS, type IndexedDocument } from './options.js';
import { headingSlugger } from './slug.js';
import { documentTable, rankPages, type RankedNumber, type RawHit } from './ranker.js';
import { SEARCH_INDEX_FORMAT, type IndexedPage, type SearchIndexFile } from './types.js';

export type { RawHit } from './ranker.js';

/** A page of the index, unpacked for display. */
export interface LoadedPage {
  path: string;
  title: string;
  textFile: string;
  /** Section 0 is the page's top; then one per heading, in document order. */
  sections: { anchor: string; headings: string[] }[];
}

export interface RankedPage {
  page: LoadedPage;
  score: number;
  hits: RawHit[];
  /** See RankedNumber. */
  terms: Map<string, string>;
}

/** A page as the index stores it → its sections with anchors and heading paths. */
export function unpackPage([path, title, textFile, headings]: IndexedPage): LoadedPage {
  const slug = headingSlugger();
  const sections: LoadedPage['sections'] = [{ anchor: '', headings: [] }];
  let h2 = '';
  for (const [heading, level, anchor] of headings) {
    // The slugger runs for every heading, like the engine's, so duplicates number alike.
    const slugged = slug(heading);
    if (level === 2) h2 = heading;
    sections.push({ anchor: anchor ?? slugged, headings: level === 3 && h2 ? [h2, heading] : [heading] });
  }
  return { path, title, textFile, sections };
}

export const withPage = (ranked: RankedNumber, page: LoadedPage): RankedPage => ({ ...ranked, page });

/** An index in one file (SEARCH_INDEX_FORMAT 1): everything is there once it is loaded. */
export class SearchIndex {
  readonly pages: LoadedPage[];
  /** Document number → [page number, section number]. */
  private readonly documents: [number, number][];
  private readonly miniSearch: MiniSearch<IndexedDocument>;

  constructor(file: SearchIndexFile) {
    if (file.format !== SEARCH_INDEX_FORMAT) {
      throw new Error(`Search index format ${String(file.format)} is not supported (expected ${SEARCH_INDEX_FORMAT}): rebuild the site.`);
    }
    this.pages = file.pages.map(unpackPage);
    this.documents = documentTable(file.pages.map((p) => p[3].length));
    this.miniSearch = MiniSearch.loadJS(decodeIndex(file.index, this.documents.length), MINISEARCH_OPTIONS);
  }

  /** Pages matching `query`, best first, each with its matching documents. */
  search(query: string, limit = 10): RankedPage[] {
    return rankPages(this.miniSearch, this.documents, (p) => this.pages[p].title, query)
      .slice(0, limit)
      .map((r) => withPage(r, this.pages[r.page]));
  }
}
