import { processPartialTerm, processTerm, words } from './terms.js';

export interface QueryTerm {
  term: string;
  prefix: boolean;
  fuzzy: number | false;
  /** 1 for what was typed; lower for a guessed correction (swapped letters). */
  boost: number;
  /** The typed word's own term: itself, or the term a swapped-letters variant stands for. */
  source: string;
}

/** Weight of a swapped-letters correction, about that of a fuzzy match (options.ts). */
const TRANSPOSITION_BOOST = 0.2;

/**
 * Turns what the user typed into index terms. The last word, while still being typed (no
 * space after it), keeps a stop word ("com" may become "comercial") and matches as a prefix
 * (two letters or more): finished words match whole, so "pré requisitos" does not wander
 * into "precisa". One typo is tolerated in words of five letters or more (counted as typed,
 * before stemming shortens them).
 *
 * MiniSearch's fuzzy matching counts edits (Levenshtein), where two swapped letters
 * ("acompanhamneto") are two edits. The commonest typo of all is that one, so for words of
 * five letters or more every adjacent swap is also looked up, weighted like a fuzzy match.
 */
export function parseQuery(query: string): QueryTerm[] {
  const typed = words(query);
  const lastIsPartial = !/\s$/.test(query);
  const terms = new Map<string, QueryTerm>();
  const add = (term: string | null, spec: Omit<QueryTerm, 'term' | 'source'>, source = term) => {
    if (term && source && !terms.has(term)) terms.set(term, { term, ...spec, source });
  };
  const process = (word: string, partial: boolean) => (partial ? processPartialTerm(word) : processTerm(word));

  const own = typed.map(({ word }, i) => process(word, lastIsPartial && i === typed.length - 1));
  typed.forEach(({ word }, i) => {
    const partial = lastIsPartial && i === typed.length - 1;
    add(own[i], { prefix: partial && (own[i]?.length ?? 0) >= 2, fuzzy: [...word].length >= 5 ? 1 : false, boost: 1 });
  });
  typed.forEach(({ word }, i) => {
    if ([...word].length < 5 || !own[i]) return;
    const partial = lastIsPartial && i === typed.length - 1;
    for (const swapped of transpositions(word)) {
      add(process(swapped, partial), { prefix: partial, fuzzy: false, boost: TRANSPOSITION_BOOST }, own[i]);
    }
  });
  return [...terms.values()];
}

/** `word` with each pair of adjacent letters swapped ("abcd" → "bacd", "acbd", "abdc"). */
function transpositions(word: string): string[] {
  const letters = [...word];
  const out: string[] = [];
  for (let i = 0; i < letters.length - 1; i++) {
    if (letters[i] === letters[i + 1]) continue;
    const copy = [...letters];
    [copy[i], copy[i + 1]] = [copy[i + 1], copy[i]];
    out.push(copy.join(''));
  }
  return out;
}
