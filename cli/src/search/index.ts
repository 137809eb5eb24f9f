/**
 * Search, engine side: the engine calls extractSearchSections on every doc page's final
 * hast tree, then buildSearchIndex once per (locale, version) and writes the result as
 * `assets/search-<contenthash>.json`.
 */
export { extractSearchSections } from './extract';
export { buildSearchIndex } from './build-index';
export type { SearchDocument, SearchSection, SearchIndexFile } from './types';
