/**
 * Search, engine side. The engine calls extractSearchSections on every doc page's final
 * hast tree, then buildSearchAssets once per (locale, version): it writes `index` as
 * `assets/search-<contenthash>.json` and each of `files` as `assets/<name>` beside it.
 * The browser side is core/src/search/runtime.ts (`@docgen/core/search-runtime`).
 */
export { extractSearchSections } from './extract.js';
export { inSearch, searchDocument, searchGroup } from './document.js';
export { analyzeAhead, buildSearchAssets, buildSearchIndex, type AnalysisCache, type SearchAssets } from './build-index.js';
export type { SearchDocument, SearchSection, SearchIndexFile, PageTextFile } from '@docgen/core/search/types';
