import { createHash } from 'node:crypto';
import { createExcerpt } from './excerpt.js';

/**
 * What a build needs to know of a doc's text before it compiles the doc, or instead of
 * compiling it: its hash (the compile cache's key), whether it imports something (the early
 * bundles' guess) and its excerpt (the description when the front matter has none). The doc
 * cache keeps them with the file's size and mtime (dev/doc-cache.ts), so a rebuild reads no
 * unchanged doc's text: reading 1000 docs' files was a tenth of an unchanged rebuild.
 */
export type BodyFacts = [hash: string, imports: boolean, excerpt: string | null];

export function factsOf(body: string): BodyFacts {
  return [createHash('sha256').update(body).digest('hex'), importsSomething(body), createExcerpt(body) ?? null];
}

const IMPORT_LINE = /^import\s/m;

/** An `import` line outside fenced code: the page will need the bundler (a guess only; the compile decides). */
export function importsSomething(body: string): boolean {
  if (!IMPORT_LINE.test(body)) return false;
  let fence: string | null = null;
  for (const line of body.split('\n')) {
    const open = /^\s*(`{3,}|~{3,})/.exec(line);
    if (open) fence = fence === null ? open[1] : line.trim().startsWith(fence) ? null : fence;
    else if (fence === null && IMPORT_LINE.test(line)) return true;
  }
  return false;
}

/** Where a doc's facts are kept between builds: the doc cache registers the docs it gives out. */
export interface FactsStore {
  /** The facts kept for the doc's text as it was when the doc was read (undefined: none). */
  get(): BodyFacts | undefined;
  /** Keeps the facts worked out from the doc's text. */
  set(facts: BodyFacts): void;
}

const stores = new WeakMap<object, FactsStore>();
const known = new WeakMap<object, BodyFacts>();

export function keepFactsIn(doc: object, store: FactsStore): void {
  stores.set(doc, store);
}

/** A doc that holds its own store (the doc cache's, dev/cached-doc.ts): none registered per doc. */
export const OWN_FACTS = Symbol('docgen.ownFacts');

/** A doc's facts: kept ones (its text unread), else worked out from its text (and kept). */
export function bodyFacts(doc: { body: string; [OWN_FACTS]?: () => FactsStore }): BodyFacts {
  let facts = known.get(doc);
  if (facts) return facts;
  const store = doc[OWN_FACTS]?.() ?? stores.get(doc);
  facts = store?.get();
  if (!facts) {
    facts = factsOf(doc.body);
    store?.set(facts);
  }
  known.set(doc, facts);
  return facts;
}
