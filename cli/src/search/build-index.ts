import { createHash } from 'node:crypto';
import { headingSlugger } from '@docgen/core/search/slug';
import { forgetTerms } from '@docgen/core/search/terms';
import {
  SEARCH_INDEX_FORMAT,
  type IndexedHeading,
  type IndexedPage,
  type PageTextFile,
  type SearchDocument,
  type SearchIndexFile,
} from '@docgen/core/search/types';
import { analyzeDocument, PostingsWriter, type AnalyzedDocument } from './postings.js';
import { SEARCH_SPLIT_BYTES, shardIndex } from './shard-index.js';

/** What one (locale, version) search needs on disk: the index and one text file per page. */
export interface SearchAssets {
  /** JSON text of the index: the engine writes it as `assets/search-<contenthash>.json`. */
  index: string;
  /** Page text files, written as `assets/<name>` beside the index (the index names them). */
  files: { name: string; content: string }[];
}

/**
 * Builds the search index of one (locale, version) pair and returns its JSON text.
 * Its page text files come from buildSearchAssets; without them, results still rank and
 * link, but show no excerpts.
 */
export function buildSearchIndex(docs: SearchDocument[]): string {
  return buildSearchAssets(docs).index;
}

/**
 * `split`: true or false forces the sharded or the one-file form (tests, with smaller term
 * files); by default an index over SEARCH_SPLIT_BYTES is sharded (shard-index.ts). The page
 * text files are the same either way.
 */
/**
 * Pages' analyses kept between builds (data-files.ts), by the hash of what is analysed: a
 * rebuild after one edit analyses one page, not all of them.
 */
export interface AnalysisCache {
  get(key: string): AnalyzedDocument | undefined;
  set(key: string, analyzed: AnalyzedDocument): void;
}

export function buildSearchAssets(docs: SearchDocument[], opts: { split?: boolean; termFileBytes?: number; analyses?: AnalysisCache } = {}): SearchAssets {
  const pages: IndexedPage[] = [];
  const files: SearchAssets['files'] = [];
  // Documents are indexed as they are made: a page's joined text is not kept.
  const postings = new PostingsWriter();
  let documents = 0;
  // Sorted by path so the same content always gives the same bytes (and content hash).
  const sorted = [...docs].sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));

  for (const doc of sorted) {
    const { rest, texts, text } = pageTexts(doc);
    const content = JSON.stringify({ texts, ...(doc.description ? { description: doc.description } : {}) } satisfies PageTextFile);
    const name = `search-text-${createHash('sha256').update(content).digest('hex').slice(0, 10)}.json`;
    files.push({ name, content });
    const slug = headingSlugger();
    const headings = rest.map((s): IndexedHeading => {
      const heading = s.headings[s.headings.length - 1] ?? '';
      const level = s.headings.length > 1 ? 3 : 2;
      return slug(heading) === s.anchor ? [heading, level] : [heading, level, s.anchor];
    });
    pages.push([doc.path, doc.title, name, headings]);

    // The page's top document carries the title and all of the page's text (see types.ts).
    const whole = { id: documents++, title: doc.title, heading: '', text };
    postings.addAnalyzed(whole.id, analyzed(whole, opts.analyses));
    for (const section of rest) {
      postings.add({ id: documents++, title: '', heading: section.headings[section.headings.length - 1] ?? '', text: '' });
    }
  }

  const first = sorted[0];
  const meta = { locale: first?.locale ?? '', ...(first?.version !== undefined ? { version: first.version } : {}) };
  const encoded = postings.finish();
  forgetTerms();
  const file: SearchIndexFile = { format: SEARCH_INDEX_FORMAT, ...meta, pages, index: encoded };
  const index = JSON.stringify(file);
  if (!(opts.split ?? index.length > SEARCH_SPLIT_BYTES)) return { index, files: dedupe(files) };
  const sharded = shardIndex(meta, pages, encoded, opts.termFileBytes);
  return { index: sharded.index, files: dedupe([...files, ...sharded.files]) };
}

/** A page's sections besides its top one, the texts of all, and its top document's text (the description first). */
function pageTexts(doc: SearchDocument) {
  const top = doc.sections.find((s) => s.anchor === '');
  const rest = doc.sections.filter((s) => s.anchor !== '');
  const texts = [top?.text ?? '', ...rest.map((s) => s.text)];
  return { rest, texts, text: [doc.description ?? '', ...texts].filter(Boolean).join(' ') };
}

/**
 * Analyses every page into `cache` before buildSearchAssets (which then finds them there),
 * letting `turn` run between pages: analysing is most of a cold index's time (3 s of one
 * thread at 10,000 pages), and a caller may have other work waiting on the event loop.
 */
export async function analyzeAhead(docs: SearchDocument[], cache: AnalysisCache, turn: () => Promise<void> | void): Promise<void> {
  for (const doc of docs) {
    await turn();
    analyzed({ id: 0, title: doc.title, heading: '', text: pageTexts(doc).text }, cache);
  }
}

/** A page's top document (its title and all its text): analysed once, or taken from the cache. */
function analyzed(doc: { id: number; title: string; heading: string; text: string }, cache: AnalysisCache | undefined): AnalyzedDocument {
  if (!cache) return analyzeDocument(doc);
  const key = createHash('sha1').update(doc.title).update('\0').update(doc.text).digest('base64');
  let result = cache.get(key);
  if (!result) cache.set(key, (result = analyzeDocument(doc)));
  return result;
}

/** Two pages with identical text share one file. */
function dedupe(files: SearchAssets['files']): SearchAssets['files'] {
  const seen = new Set<string>();
  return files.filter((f) => !seen.has(f.name) && seen.add(f.name));
}
