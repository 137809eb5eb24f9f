import type { PhrasingContent, Text } from 'mdast';
import { unsupported, type Source } from './source.js';

/**
 * Inline content (phrasing) of one paragraph, heading, cell or label: text, code spans,
 * emphasis and strong (micromark's attention rules, sizes and flanking as it computes them),
 * inline links and images, hard and soft line breaks. Anything else that could be syntax
 * in MDX with GFM and directives (`<`, `{`, `&`, `\`, `~`, text directives, autolink
 * literals, references, footnotes) is Unsupported: the page goes to micromark.
 */
type Tok =
  | { k: 'text'; s: number; e: number; v: string }
  | { k: 'node'; node: PhrasingContent; s: number; e: number }
  | { k: 'delim'; ch: number; s: number; e: number; open: boolean; close: boolean }
  | { k: 'bracket'; image: boolean; s: number; e: number };

const STAR = 42;
const UNDERSCORE = 95;
const WHITESPACE = /\s/;
const PUNCTUATION = /\p{P}|\p{S}/u;
/**
 * In text: would start MDX (JSX, expressions), a character reference, an escape,
 * strikethrough, math, a text directive (`:` then any letter, digit or mark: `1:1` is one;
 * or a tab, which micromark's directive extension takes as a name) or a GFM autolink literal.
 */
const SPECIAL = /[<{}&\\~$]|::|:[^\s\p{P}\p{S}]|:\t|www\.|:\/\/|@|mailto:|xmpp:/iu;

/** micromark reads by UTF-16 unit: half of an emoji after ':' starts a directive name. */
const ASTRAL_AFTER_COLON = /:[\uD800-\uDFFF]/;

/** 1: whitespace (or the start/end of the content), 2: punctuation, 0: anything else. */
function classify(doc: string, at: number, from: number, to: number): number {
  if (at < from || at >= to) return 1;
  const ch = doc[at];
  if (ch === '\n' || WHITESPACE.test(ch)) return 1;
  return PUNCTUATION.test(ch) ? 2 : 0;
}

export function parseInline(src: Source, from: number, to: number): PhrasingContent[] {
  const doc = src.doc;
  const toks: Tok[] = [];
  let textStart = from;
  let value = '';
  const flush = (end: number) => {
    if (end > textStart || value) toks.push({ k: 'text', s: textStart, e: end, v: value });
    value = '';
  };
  let i = from;
  let runStart = from;
  const takeRun = (end: number) => {
    if (end <= runStart) return;
    // With the character after it: a run that ends in ':' may start a directive there.
    const run = doc.slice(runStart, end + 1);
    if (SPECIAL.test(run) || ASTRAL_AFTER_COLON.test(run)) unsupported('inline syntax');
    value += doc.slice(runStart, end);
  };
  while (i < to) {
    const c = doc.charCodeAt(i);
    if (c === 96 /* ` */) {
      takeRun(i);
      let n = 1;
      while (doc.charCodeAt(i + n) === 96) n++;
      const close = findRun(doc, i + n, to, n);
      if (close < 0) unsupported('unclosed code span');
      let v = doc.slice(i + n, close);
      if (v.includes('\n')) unsupported('code span over lines');
      // One space off each side unless it is all spaces (a tab or any other character is content).
      if (v.length > 2 && v[0] === ' ' && v[v.length - 1] === ' ' && /[^ ]/.test(v)) v = v.slice(1, -1);
      flush(i);
      toks.push({ k: 'node', node: { type: 'inlineCode', value: v, position: src.position(i, close + n) }, s: i, e: close + n });
      i = close + n;
      runStart = textStart = i;
      continue;
    }
    if (c === STAR || c === UNDERSCORE) {
      takeRun(i);
      flush(i);
      let n = 1;
      while (i + n < to && doc.charCodeAt(i + n) === c) n++;
      const before = classify(doc, i - 1, from, to);
      const after = classify(doc, i + n, from, to);
      const open = !after || (after === 2 && before > 0);
      const close = !before || (before === 2 && after > 0);
      toks.push({ k: 'delim', ch: c, s: i, e: i + n, open: c === STAR ? open : open && (before > 0 || !close), close: c === STAR ? close : close && (after > 0 || !open) });
      i += n;
      runStart = textStart = i;
      continue;
    }
    if (c === 91 /* [ */ || (c === 33 /* ! */ && doc.charCodeAt(i + 1) === 91)) {
      takeRun(i);
      flush(i);
      if (toks.some((t) => t.k === 'bracket')) unsupported('nested brackets');
      if (doc.charCodeAt(i + (c === 33 ? 2 : 1)) === 94 /* ^ */) unsupported('footnote');
      const n = c === 33 ? 2 : 1;
      toks.push({ k: 'bracket', image: c === 33, s: i, e: i + n });
      i += n;
      runStart = textStart = i;
      continue;
    }
    if (c === 93 /* ] */) {
      takeRun(i);
      flush(i);
      i = closeLink(src, toks, i, to);
      runStart = textStart = i;
      continue;
    }
    if (c === 10 /* \n */) {
      // Trailing spaces: two or more make a hard break; fewer are dropped.
      let sp = 0;
      while (doc.charCodeAt(i - 1 - sp) === 32 && i - 1 - sp >= runStart) sp++;
      takeRun(i - sp);
      let next = i + 1;
      while (doc.charCodeAt(next) === 32) next++;
      if (sp >= 2) {
        flush(i - sp);
        toks.push({ k: 'node', node: { type: 'break', position: src.position(i - sp, i + 1) }, s: i - sp, e: i + 1 });
        runStart = textStart = next;
      } else {
        // Trailing spaces alone before the line ending belong to no node.
        if (!value && i - sp === textStart) textStart = i;
        value += '\n';
        // The line ending belongs to the text; the next line's indent belongs to nothing.
        flush(i + 1);
        textStart = runStart = next;
      }
      i = next;
      continue;
    }
    i++;
  }
  takeRun(to);
  flush(to);
  if (toks.some((t) => t.k === 'bracket')) unsupported('unclosed bracket');
  resolveAttention(src, toks, 0);
  return toNodes(src, toks);
}

/** The offset of the next run of exactly n backticks in [from, to), or -1. */
function findRun(doc: string, from: number, to: number, n: number): number {
  let i = from;
  while (i < to) {
    if (doc.charCodeAt(i) !== 96) {
      i++;
      continue;
    }
    let m = 1;
    while (doc.charCodeAt(i + m) === 96) m++;
    if (m === n && i + m <= to) return i;
    i += m;
  }
  return -1;
}

/** `](destination "title")` after an open bracket: the link or image; returns the offset after it. */
function closeLink(src: Source, toks: Tok[], at: number, to: number): number {
  const doc = src.doc;
  const openIndex = toks.findIndex((t) => t.k === 'bracket');
  if (openIndex < 0 || doc.charCodeAt(at + 1) !== 40 /* ( */) unsupported('not an inline link');
  const m = /^\(([^\s()<>"'\\&]+)(?: "([^"\n\\&]*)")?\)/.exec(doc.slice(at + 1, to));
  if (!m) unsupported('link destination');
  const open = toks[openIndex] as Extract<Tok, { k: 'bracket' }>;
  const inner = toks.splice(openIndex);
  inner.shift();
  resolveAttention(src, inner, 0);
  const children = toNodes(src, inner);
  const end = at + 1 + m![0].length;
  const title = m![2] ?? null;
  const url = m![1];
  if (open.image) {
    if (children.some((c) => c.type !== 'text')) unsupported('image alt with markup');
    const alt = children.map((c) => (c as Text).value).join('');
    toks.push({ k: 'node', node: { type: 'image', title, url, alt, position: src.position(open.s, end) }, s: open.s, e: end });
  } else {
    toks.push({ k: 'node', node: { type: 'link', title, url, children, position: src.position(open.s, end) }, s: open.s, e: end });
  }
  return end;
}

/** micromark's resolveAllAttention over toks (in place): matched runs become emphasis and strong. */
function resolveAttention(src: Source, toks: Tok[], start: number): void {
  for (let index = start; index < toks.length; index++) {
    const closer = toks[index];
    if (closer.k !== 'delim' || !closer.close) continue;
    let open = index;
    while (open-- > start) {
      const opener = toks[open];
      if (opener.k !== 'delim' || !opener.open || opener.ch !== closer.ch) continue;
      const closeSize = closer.e - closer.s;
      const openSize = opener.e - opener.s;
      if ((opener.close || closer.open) && closeSize % 3 && !((openSize + closeSize) % 3)) continue;
      const use = openSize > 1 && closeSize > 1 ? 2 : 1;
      const between = toks.slice(open + 1, index);
      const s = opener.e - use;
      const e = closer.s + use;
      const node = { type: use > 1 ? 'strong' : 'emphasis', children: toNodes(src, between), position: src.position(s, e) } as PhrasingContent;
      opener.e -= use;
      closer.s += use;
      const replaced: Tok[] = [];
      if (opener.e > opener.s) replaced.push(opener);
      replaced.push({ k: 'node', node, s, e });
      if (closer.e > closer.s) replaced.push(closer);
      toks.splice(open, index - open + 1, ...replaced);
      // Go on from the closer's leftover (or the node), as micromark does.
      index = open + replaced.length - (closer.e > closer.s ? 2 : 1);
      break;
    }
  }
}

/** Tokens as mdast nodes: adjacent text (and unmatched delimiters) merged into one text node. */
function toNodes(src: Source, toks: Tok[]): PhrasingContent[] {
  const out: PhrasingContent[] = [];
  let text: { s: number; e: number; v: string } | null = null;
  const end = () => {
    if (text) out.push({ type: 'text', value: text.v, position: src.position(text.s, text.e) });
    text = null;
  };
  for (const t of toks) {
    if (t.k === 'node') {
      end();
      out.push(t.node);
      continue;
    }
    const v = t.k === 'text' ? t.v : src.doc.slice(t.s, t.e);
    if (t.k === 'bracket') unsupported('bracket');
    if (text) {
      (text as { e: number; v: string }).e = t.e;
      (text as { v: string }).v += v;
    } else text = { s: t.s, e: t.e, v };
  }
  end();
  return out;
}
