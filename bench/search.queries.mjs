// Queries for the search bench, drawn deterministically from the index itself (titles and
// headings), in the forms people type: one word, two words, a prefix, no accents, UPPER
// CASE, one typo.
import { rng } from './search.corpus.mjs';

const unaccent = (s) => s.normalize('NFD').replace(/\p{M}+/gu, '');

/** `count` queries and `typed` longer ones to type key by key, from an index file's pages. */
export function benchQueries(indexFile, count, typed, seed = 6) {
  const r = rng(seed);
  const pick = (list) => list[Math.floor(r() * list.length)];
  const phrases = indexFile.pages.flatMap((p) => [p[1], ...p[3].map((h) => h[0])]);
  const wordsOf = (text) => (text.match(/[\p{L}\p{N}]+/gu) ?? []).filter((w) => w.length >= 4);
  const wordy = phrases.map(wordsOf).filter((w) => w.length > 0);

  const forms = [
    () => pick(pick(wordy)),
    () => { const w = pick(wordy); const i = Math.floor(r() * w.length); return w.slice(i, i + 2).join(' '); },
    () => { const w = pick(pick(wordy)); return w.slice(0, 3 + Math.floor(r() * 3)); },
    () => unaccent(pick(wordy).slice(0, 3).join(' ')),
    () => pick(pick(wordy)).toUpperCase(),
    () => typo(pick(pick(wordy).filter((w) => w.length >= 6).concat(['verificação'])), r),
  ];
  const queries = Array.from({ length: count }, (_, i) => forms[i % forms.length]());
  const typing = Array.from({ length: typed }, () => pick(wordy).slice(0, 3).join(' '));
  return { queries, typing };
}

/** One typo: a swapped, missing or doubled letter. */
function typo(word, r) {
  const i = 1 + Math.floor(r() * (word.length - 2));
  const kind = Math.floor(r() * 3);
  if (kind === 0) return word.slice(0, i) + word[i + 1] + word[i] + word.slice(i + 2);
  if (kind === 1) return word.slice(0, i) + word.slice(i + 1);
  return word.slice(0, i) + word[i] + word.slice(i);
}
