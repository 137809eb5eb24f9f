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
