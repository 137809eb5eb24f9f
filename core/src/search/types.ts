/**
 * Shapes shared by the index builder (node) and the query runtime (browser).
 * Everything here is plain JSON data: the index file is written by the engine and
 * fetched by the search box.
 */

/** The text under one heading of a doc page. */
export interface SearchSection {
  /** Heading id (without '#'); '' for the part before the first heading. */
  anchor: string;
  /** Heading path, outermost first, e.g. ['Passo a passo', 'Criar o app']; [] before the first heading. */
  headings: string[];
  /** Plain text of the section, whitespace collapsed. */
  text: string;
}

/** One doc page as the engine hands it to buildSearchIndex. */
export interface SearchDocument {
  /** Route path, baseUrl included, e.g. /docs/bm/check-bm */
  path: string;
  title: string;
  description?: string;
  locale: string;
  version?: string;
  sections: SearchSection[];
}

/**
 * The serialised index (what `assets/search-<hash>.json` holds): everything needed to rank
 * results, and nothing to show them with beyond titles and headings. Section texts (for
 * excerpts) are in one small file per page, fetched only for the pages a result list shows:
 * at 1000 pages the texts are several times the budget of the first search (issue 6).
 *
 * MiniSearch documents are numbered page by page: a page's top (title, description and the
 * whole page's text), then one document per section (its heading). Body text is indexed
 * per page, not per section, because section-level postings alone would exceed the budget;
 * the section a body match belongs to is found in the page's text file.
 */
export interface SearchIndexFile {
  /** Format version: a runtime refuses an index it does not understand. */
  format: typeof SEARCH_INDEX_FORMAT;
  locale: string;
  version?: string;
  pages: IndexedPage[];
  index: EncodedIndex;
}

/** [route path, title, text file name (beside the index), sections after the top]. */
export type IndexedPage = [path: string, title: string, textFile: string, sections: IndexedHeading[]];

/**
 * [heading text, heading level (2 or 3)], plus the anchor when it is not the heading's
 * slug (slug.ts): most anchors are, and storing them would double the headings' bytes.
 */
export type IndexedHeading = [heading: string, level: number, anchor?: string];

/** A page's text file: the top's text, then each section's, in IndexedPage order. */
export interface PageTextFile {
  texts: string[];
  /** Front matter description: the excerpt of a page with no text before its first heading. */
  description?: string;
}

/** MiniSearch's plain-object index, minus what `pages` already says (see encode.ts). */
export interface EncodedIndex {
  fieldIds: Record<string, number>;
  averageFieldLength: number[];
  /** Field lengths of all documents, flattened: one number per field per document. */
  fieldLength: number[];
  /** Terms, sorted; `postings[i]` belongs to `terms[i]`. */
  terms: string[];
  /**
   * Per term: one [fieldId, ...entries] list per field the term occurs in. An entry is
   * (document number − previous document number) × 2 + (1 if the term occurs more than once).
   */
  postings: number[][][];
}

export const SEARCH_INDEX_FORMAT = 1;

/**
 * A large index, split as Pagefind does (what `assets/search-<hash>.json` holds then): this
 * meta file has what ranking needs for every page (titles, field lengths, the term list),
 * and the postings sit in files by term range, the page details in files by page range, all
 * beside it. A query fetches the files of the terms it can reach (exactly, as a prefix or
 * with a typo: the term list says which), then those of the pages it lists.
 */
export interface ShardedIndexFile {
  format: typeof SHARDED_INDEX_FORMAT;
  locale: string;
  version?: string;
  /** Per page, in path order: its title (the whole-title boost reads it for every match). */
  titles: string[];
  /** Per page: how many sections follow its top (documents are numbered as in SearchIndexFile). */
  sections: number[];
  fieldIds: Record<string, number>;
  averageFieldLength: number[];
  fieldLength: number[];
  /**
   * Every term, sorted, front-coded (sharded.ts decodeTerms): one line per term, its first
   * character the length (base 36, up to 35) it shares with the previous term, then the rest.
   * A fifth smaller than the plain list once gzipped, and this list is most of the meta file.
   */
  terms: string;
  /** Term files: file i holds the postings of terms[starts[i]] up to the next file's first. */
  termFiles: { starts: number[]; names: string[] };
  /** Page files: file i holds IndexedPage entries of pages [i × size, (i + 1) × size). */
  pageFiles: { size: number; names: string[] };
}

export const SHARDED_INDEX_FORMAT = 2;

/** One matching section, as the search box shows it. */
export interface SearchHit {
  /** `<path>#<anchor>`, or the bare path for the part before the first heading. */
  href: string;
  anchor: string;
  /** Heading path of the section ([] for the page's top). */
  headings: string[];
  /** A window of the section text around the first matched word. */
  excerpt: string;
  /** [start, end) ranges of matched words in `excerpt`. */
  highlights: [number, number][];
  /** [start, end) ranges of matched words in the last heading (or the title for the page's top). */
  headingHighlights: [number, number][];
  score: number;
}

/** The hits of one page, best section first. */
export interface SearchPageResult {
  path: string;
  title: string;
  titleHighlights: [number, number][];
  hits: SearchHit[];
  score: number;
}
