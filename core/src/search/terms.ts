/**
 * Term processing shared by the index builder (node) and the query runtime (browser).
 *
 * This module is the single source of truth for how text becomes index terms: the
 * engine uses it to build the index, and bundles it (through runtime.ts) into the
 * browser asset that answers queries, so a query is always processed exactly like
 * the text it is matched against. Keep it pure and dependency-free.
 */
import { stemPt } from './stem.js';

/** Words and numbers; everything else (punctuation, symbols, underscores) separates. */
const WORD = /[\p{L}\p{N}]+/gu;

/** Lower-case and strip diacritics: "Migração" → "migracao", "VERIFICAÇÃO" → "verificacao". */
export function fold(word: string): string {
  return word.normalize('NFD').replace(/\p{M}+/gu, '').toLowerCase();
}

/** Splits text into words, keeping their offsets (excerpt highlighting needs them). */
export function words(text: string): { word: string; start: number; end: number }[] {
  const out: { word: string; start: number; end: number }[] = [];
  for (const m of text.matchAll(WORD)) out.push({ word: m[0], start: m.index!, end: m.index! + m[0].length });
  return out;
}

/** MiniSearch tokenizer: words only. */
export function tokenize(text: string): string[] {
  return text.match(WORD) ?? [];
}

/**
 * Portuguese function words that carry no meaning in a query, accent-folded. Kept short
 * on purpose: "não", "sem" and numbers stay searchable because they change meaning in
 * this domain ("número não verificado").
 */
export const STOP_WORDS: ReadonlySet<string> = new Set([
  'a', 'o', 'as', 'os', 'um', 'uma', 'uns', 'umas', 'de', 'da', 'do', 'das', 'dos', 'e', 'em', 'no', 'na',
  'nos', 'nas', 'num', 'numa', 'ao', 'aos', 'para', 'pra', 'por', 'pelo', 'pela', 'pelos', 'pelas', 'com',
  'que', 'se', 'ou', 'mas', 'como', 'mais', 'ja', 'seu', 'sua', 'seus', 'suas', 'este', 'esta', 'estes',
  'estas', 'esse', 'essa', 'esses', 'essas', 'isso', 'isto', 'ele', 'ela', 'eles', 'elas', 'lhe', 'me', 'te',
  'ate', 'entre', 'sobre', 'quando', 'onde', 'qual', 'quais', 'sao', 'foi', 'ser', 'ha', 'tem', 'ter',
  'estao', 'era', 'vai', 'the', 'of', 'and', 'to', 'in', 'is',
]);

/** Index term for one word, or null for a stop word. */
export function processTerm(word: string): string | null {
  let term = cache.get(word);
  if (term === undefined) {
    const folded = fold(word);
    term = STOP_WORDS.has(folded) ? null : stemPt(folded);
    // Text repeats its words: at 1000 pages, ~1 M words but ~20 k distinct ones, and
    // Unicode normalisation is most of the indexing time. Bounded, so memory stays flat.
    if (cache.size >= CACHE_LIMIT) cache.clear();
    cache.set(word, term);
  }
  return term;
}

const CACHE_LIMIT = 100_000;
const cache = new Map<string, string | null>();

/**
 * Empties the cache (the engine, once an index is built): a word matched out of a page's text
 * is a slice that keeps the whole text alive, so the cache held every page's text to the end
 * of the build. Unused in the browser, where bundling drops it.
 */
export function forgetTerms(): void {
  cache.clear();
}

/**
 * Index term for a word the user is still typing: like processTerm, but a stop word is
 * kept (folded, unstemmed) so that "co" → "com" → "comercial" keeps finding results.
 */
export function processPartialTerm(word: string): string {
  const folded = fold(word);
  return STOP_WORDS.has(folded) ? folded : stemPt(folded);
}
