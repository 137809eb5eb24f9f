/**
 * Finding matched words in display text: highlight ranges and the excerpt window.
 * A word matches when it processes to one of the index terms a result matched, so
 * "migrações" lights up for the query "migracao" and "configura" lights up "configurações".
 */
import { processTerm, words } from './terms.js';

export type Range = [start: number, end: number];

/** Matched index terms → the query word's term each answers (see RankedPage.terms). */
export type MatchedTerms = ReadonlyMap<string, string>;

/** Ranges of `text`'s words whose index term is one of `terms`. */
export function highlightRanges(text: string, terms: MatchedTerms): Range[] {
  const out: Range[] = [];
  for (const w of words(text)) {
    const term = processTerm(w.word);
    if (term && terms.has(term)) out.push([w.start, w.end]);
  }
  return out;
}

/** How well a text matches: how many query words it answers, and how often. */
export function matchStrength(text: string, terms: MatchedTerms): { distinct: number; count: number } {
  const ranges = highlightRanges(text, terms);
  const distinct = new Set(ranges.map(([s, e]) => terms.get(processTerm(text.slice(s, e)) ?? '')));
  return { distinct: distinct.size, count: ranges.length };
}

export const EXCERPT_LENGTH = 160;

/**
 * A window of about EXCERPT_LENGTH characters around the densest group of matched words
 * (the start of the text when nothing matches), cut at word boundaries, with "…" where
 * text was cut. Highlight ranges are relative to the returned excerpt.
 */
export function excerpt(text: string, terms: MatchedTerms): { text: string; highlights: Range[] } {
  const ranges = highlightRanges(text, terms);
  let start = 0;
  if (ranges.length > 0 && text.length > EXCERPT_LENGTH) {
    // The window that covers the most distinct matched words, earliest on a tie.
    let best = -1;
    for (const [s] of ranges) {
      const inside = new Set<string>();
      for (const [a, b] of ranges) if (a >= s && b <= s + EXCERPT_LENGTH - 30) inside.add(terms.get(processTerm(text.slice(a, b)) ?? '') ?? '');
      if (inside.size > best) (best = inside.size), (start = s);
    }
    // Some context before the first match, starting on a word.
    start = Math.max(0, start - 30);
    if (start > 0) start = nextWordStart(text, start);
  }
  let end = Math.min(text.length, start + EXCERPT_LENGTH);
  if (end < text.length) {
    const space = text.lastIndexOf(' ', end);
    if (space > start + EXCERPT_LENGTH / 2) end = space;
  }
  const prefix = start > 0 ? '…' : '';
  const suffix = end < text.length ? '…' : '';
  const shift = prefix.length - start;
  return {
    text: prefix + text.slice(start, end) + suffix,
    highlights: ranges.filter(([s, e]) => s >= start && e <= end).map(([s, e]) => [s + shift, e + shift]),
  };
}

function nextWordStart(text: string, from: number): number {
  if (text[from - 1] === ' ') return from;
  const space = text.indexOf(' ', from);
  return space === -1 ? from : space + 1;
}
