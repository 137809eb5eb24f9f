/**
 * A heading's text as Docusaurus 2 slugged it. Docusaurus 2 read every page with MDX 1, whose
 * parser (remark-parse 8) made a link reference of any bracketed text, defined or not:
 * `[url]`, `[text][]`, `[text][label]` (its `reference` tokenizer). Its heading ids come from
 * the heading's plain text (mdast-util-to-string), where a reference is only its text, so
 * `### io([url][, options])` has the id `iourl`. CommonMark (MDX 3, docgen) keeps undefined
 * references as text, brackets included; the page shows them as text in both, only the id (and
 * the table of contents' entry, from the same text) differs.
 *
 * `segments`: the heading's text in order; `literal` marks text the parser saw as written (a
 * text node outside links and code), whose brackets can open a reference.
 */
export interface TextSegment {
  text: string;
  literal: boolean;
}

const WHITESPACE = /\s/;

export function remark8ReferenceText(segments: TextSegment[]): string {
  const chars: { c: string; literal: boolean }[] = segments.flatMap((s) => [...s.text].map((c) => ({ c, literal: s.literal })));
  const isBracket = (i: number, c: '[' | ']') => chars[i]?.literal === true && chars[i].c === c;
  let out = '';
  let i = 0;
  while (i < chars.length) {
    const image = isBracket(i + 1, '[') && chars[i].literal && chars[i].c === '!';
    const open = image ? i + 1 : i;
    const ref = isBracket(open, '[') ? readReference(open) : null;
    if (!ref) {
      out += chars[i].c;
      i++;
      continue;
    }
    // A reference's plain text is its content (an image reference's, its alt text).
    out += chars.slice(open + 1, ref.contentEnd).map((x) => x.c).join('');
    i = ref.end;
  }
  return out;

  /** remark-parse 8's `reference` tokenizer (not CommonMark mode, footnotes off) at `[`. */
  function readReference(open: number): { contentEnd: number; end: number } | null {
    let depth = 0;
    let bracketed = false;
    let j = open + 1;
    for (; j < chars.length; j++) {
      if (isBracket(j, '[')) {
        bracketed = true;
        depth++;
      } else if (isBracket(j, ']')) {
        if (!depth) break;
        depth--;
      }
    }
    if (j >= chars.length) return null;
    const contentEnd = j;
    let k = j + 1;
    while (k < chars.length && WHITESPACE.test(chars[k].c)) k++;
    let full = false;
    let end = contentEnd + 1;
    if (isBracket(k, '[')) {
      let m = k + 1;
      while (m < chars.length && !isBracket(m, '[') && !isBracket(m, ']')) m++;
      // `[text][label]` is full, `[text][]` collapsed; an unclosed `[` after the text is eaten with it.
      full = isBracket(m, ']') && m > k + 1;
      end = isBracket(m, ']') ? m + 1 : k + 1;
    } else if (contentEnd === open + 1) {
      return null; // `[]`
    }
    // Brackets cannot be inside the identifier (a shortcut or collapsed reference's text).
    if (!full && bracketed) return null;
    return { contentEnd, end };
  }
}
