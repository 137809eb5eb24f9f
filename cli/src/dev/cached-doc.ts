import { readFileSync } from 'node:fs';
import { OWN_FACTS, type BodyFacts, type FactsStore } from '../content/body-facts.js';
import { parseFrontMatter } from '../content/front-matter.js';
import type { DocSource } from '../content/load-docs.js';

/**
 * Where the body's text starts in the file (UTF-16 units) and how many blank lines stand for
 * the front matter before it, or null when only parsing the front matter again gives the body.
 */
export type Cut = [bodyStart: number, bodyLines: number] | null;

/** Meta as written: the slug only when it is not the id (most docs), to keep the file small. */
export type StoredMeta = Omit<DocSource, 'body' | 'absolutePath' | 'relativePath' | 'siteRelativePath' | 'slug'> & { slug?: string };

/** What a cached doc needs of its cache: counting parses, and knowing its entry changed. */
export interface CachedDocOwner {
  parses: number;
  markDirty(): void;
}

/** Where a cached doc's entry keeps its facts (the entry's sixth field). */
export type FactsSlot = [unknown, unknown, unknown, unknown, unknown, (BodyFacts | null)?, ...unknown[]];

/**
 * A doc from the doc cache: its fields in readDoc's order, its text read from the file the
 * first time something asks for it (a start reads none), and its body facts kept in its
 * entry. A class: at 10,000 pages the per-doc WeakMap entries and closures this replaced
 * were a tenth of the docs' share of a start, in the garbage collector mostly.
 */
// The public fields are DocSource's, declared once there (this interface merges into the class);
// the constructor assigns them in readDoc's order, so every cached doc has one hidden class.
// eslint-disable-next-line @typescript-eslint/no-unsafe-declaration-merging
export interface CachedDoc extends Omit<DocSource, 'body'> {}

// eslint-disable-next-line @typescript-eslint/no-unsafe-declaration-merging
export class CachedDoc implements DocSource {
  // Private fields: the doc's own properties stay DocSource's (docs are compared and printed as data).
  readonly #size: number;
  readonly #cut: Cut;
  readonly #entry: FactsSlot;
  readonly #owner: CachedDocOwner;
  #text: string | undefined = undefined;
  /** The file turned out not to be the one the entry was made from: its facts do not hold. */
  #changed = false;

  constructor(meta: StoredMeta, where: Pick<DocSource, 'absolutePath' | 'relativePath' | 'siteRelativePath'>, size: number, cut: Cut, entry: FactsSlot, owner: CachedDocOwner) {
    this.id = meta.id;
    this.absolutePath = where.absolutePath;
    this.siteRelativePath = where.siteRelativePath;
    this.relativePath = where.relativePath;
    this.frontMatter = meta.frontMatter;
    this.title = meta.title;
    this.titleFromHeading = meta.titleFromHeading;
    this.slug = meta.slug ?? meta.id;
    this.position = meta.position;
    this.isCategoryIndex = meta.isCategoryIndex;
    this.folderUrl = meta.folderUrl;
    this.#size = size;
    this.#cut = cut;
    this.#entry = entry;
    this.#owner = owner;
  }

  get body(): string {
    if (this.#text !== undefined) return this.#text;
    const raw = readFileSync(this.absolutePath);
    const source = raw.toString('utf8');
    const cut = this.#cut;
    // The file as it was cached: cut where the cache says (no YAML parser needed); else parse.
    const asCached = cut !== null && raw.length === this.#size;
    if (!asCached) this.#owner.parses++;
    if (raw.length !== this.#size) this.#changed = true;
    this.#text = asCached ? (cut[1] > 0 ? '\n'.repeat(cut[1]) + source.slice(cut[0]) : source) : parseFrontMatter(source, this.siteRelativePath).body;
    return this.#text;
  }

  set body(value: string) {
    this.#text = value;
  }

  /** The facts hold for the text the entry was made from: not for a file found changed when read. */
  [OWN_FACTS](): FactsStore {
    return {
      get: () => (this.#changed ? undefined : (this.#entry[5] ?? undefined)),
      set: (facts) => {
        if (this.#changed) return;
        this.#entry[5] = facts;
        this.#owner.markDirty();
      },
    };
  }
}
