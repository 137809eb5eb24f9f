/**
 * A link context (every doc's file → its route) as sent to a compile worker: its pairs as one
 * JSON string. Structured-cloning 10,000 pairs held the first page of a 10,000-page `docgen dev`
 * start back by 20 ms; a string is copied at once, and the same string is what the compile
 * caches hash (dev/link-context-hash.ts), so it is made once per map.
 */
export interface LinkContextMessage {
  type: 'context';
  id: number;
  pairs: string;
}

const texts = new WeakMap<Map<string, string>, string>();

/** The map's pairs in its order, as JSON (made once per map). */
export function linkContextText(map: Map<string, string>): string {
  let text = texts.get(map);
  if (text === undefined) texts.set(map, (text = JSON.stringify([...map])));
  return text;
}

export function linkContextMessage(id: number, map: Map<string, string>): LinkContextMessage {
  return { type: 'context', id, pairs: linkContextText(map) };
}

export function unpackLinkContext(pairs: string): Map<string, string> {
  return new Map(JSON.parse(pairs) as [string, string][]);
}

/**
 * A link context read back from its text (dev's kept start page, dev/start-inputs.ts): a
 * read-only map whose pairs are parsed when something first looks into it, and whose text is
 * not made again. The worker is sent the text and the caches hash it, so at 10,000 pages a start's
 * first page parses none of its 10,000 pairs on this thread.
 */
export function linkContextFromText(pairs: string): Map<string, string> {
  const map = new PairsWhenRead(pairs);
  texts.set(map, pairs);
  return map;
}

class PairsWhenRead extends Map<string, string> {
  #pairs: string | null;

  constructor(pairs: string) {
    super();
    this.#pairs = pairs;
  }

  #read(): this {
    if (this.#pairs !== null) {
      const pairs = JSON.parse(this.#pairs) as [string, string][];
      this.#pairs = null;
      for (const [file, route] of pairs) super.set(file, route);
    }
    return this;
  }

  override get(key: string) {
    return this.#read() && super.get(key);
  }
  override has(key: string) {
    return this.#read() && super.has(key);
  }
  override get size() {
    return this.#read() && super.size;
  }
  // Read only, as every route's link context: the text and the hashes made of it stay true.
  override set(): never {
    throw new TypeError('a link context read from its text is read only');
  }
  override delete(): never {
    throw new TypeError('a link context read from its text is read only');
  }
  override clear(): never {
    throw new TypeError('a link context read from its text is read only');
  }
  override forEach(fn: (value: string, key: string, map: Map<string, string>) => void, self?: unknown) {
    this.#read();
    super.forEach(fn, self);
  }
  override entries() {
    return this.#read() && super.entries();
  }
  override keys() {
    return this.#read() && super.keys();
  }
  override values() {
    return this.#read() && super.values();
  }
  override [Symbol.iterator]() {
    return this.entries();
  }
}
