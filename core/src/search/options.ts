/**
 * The MiniSearch configuration, shared by the builder and the runtime: both must agree on
 * fields and term processing or the index would not answer.
 */
import type { Options, SearchOptions } from 'minisearch';
import { processTerm, tokenize } from './terms.js';

/**
 * One MiniSearch document: a page's top (title + description + all the page's text) or
 * one of its sections (heading only). See SearchIndexFile for why text is per page.
 */
export interface IndexedDocument {
  id: number;
  title: string;
  /** The section's own heading ('' for the page's top). */
  heading: string;
  text: string;
}

export const FIELDS = ['title', 'heading', 'text'] as const;

export const MINISEARCH_OPTIONS: Options<IndexedDocument> = {
  fields: [...FIELDS],
  storeFields: [],
  tokenize,
  processTerm: (term) => processTerm(term),
};

/**
 * Titles above headings above body text (issue 6). Prefix and fuzzy matches weigh less
 * than exact ones so that "conta" ranks the word itself above "contato", and a typo match
 * weighs less than a prefix match ("configuraç" is not "configurar").
 */
export const SEARCH_DEFAULTS: SearchOptions = {
  boost: { title: 4, heading: 2.5, text: 1 },
  weights: { prefix: 0.4, fuzzy: 0.2 },
  combineWith: 'OR',
};
