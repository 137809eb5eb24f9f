import type { Root, RootContent } from 'mdast';
import { mayRunOn, shift } from '../splice-trees.js';
import { esmNodes, placeSharedNames } from './esm-names.js';
import { isBlank, parseBlock, text, type Line } from './blocks.js';
import { Unsupported, type Source } from './source.js';

/** micromark's parse of a text on its own (the page's processor, as unified calls it). */
export type SliceParser = (text: string) => Root;

/** Attempts at ending one slice before it is taken to the page's end. */
const ATTEMPTS = 4;

/**
 * The page's top-level blocks, each read fast where the fast parser can, the others handed
 * to micromark a slice at a time: most pages that the fast parser refused for one construct
 * (an import, a JSX block, a bare URL) are otherwise plain. A slice gives the nodes a whole
 * parse gives because it starts and ends where micromark's state is the same as at a page's
 * start: after a blank line, at a line starting in column 1, with nothing left open before
 * it (the fast blocks before it are closed; the slice's last block is checked: no fence or
 * container left open, no list that the next line could go on, no JSX tag or expression
 * left open, since micromark rejects those). Its nodes are then moved to their place in the
 * page (positions, and those inside the JavaScript syntax trees of MDX).
 * Null (the page is micromark's to parse whole) when the slices would cover it all, when a
 * link reference or footnote definition (read across the whole page) may be there, or when
 * import/export blocks fall in more than one slice (micromark reads each against the
 * imports above it, to report a name imported twice).
 */
export function parseWithSlices(src: Source, lines: Line[], parseSlice: SliceParser): RootContent[] | null {
  if (src.doc.includes(']:')) return null;
  const out: RootContent[] = [];
  /** The line where each block of `out` that was read fast starts, by its index in `out`. */
  const starts = new Map<number, number>();
  /** Blocks of `out` up to here came from slices: never taken back. */
  let floor = 0;
  let esmSlices = 0;
  let i = 0;
  while (i < lines.length) {
    if (isBlank(text(src, lines[i]))) {
      i++;
      continue;
    }
    const before = out.length;
    try {
      const next = parseBlock(src, lines, i, out);
      starts.set(before, i);
      i = next;
      continue;
    } catch (error) {
      if (!(error instanceof Unsupported)) throw error;
      out.length = before;
    }
    // The slice starts after a blank line: blocks read fast that another block interrupted
    // (a paragraph ended by a line it cannot read) go into it too, as does a list that an
    // item the fast parser does not read (`- ` with no text) may go on.
    let from = i;
    while (from > 0 && (!isBlank(text(src, lines[from - 1])) || (out.at(-1)?.type === 'list' && LIST_ITEM.test(text(src, lines[from]))))) {
      if (out.length <= floor) return null;
      from = starts.get(out.length - 1)!;
      out.length--;
    }
    const slice = sliceAt(src, lines, from, parseSlice);
    if (!slice) return null;
    const esm = esmNodes(slice.nodes);
    if (esm.length) {
      if (++esmSlices > 1) return null;
      placeSharedNames(esm, src);
    }
    out.push(...slice.nodes);
    floor = out.length;
    i = slice.end;
  }
  return out;
}

/** micromark's nodes for the slice from line `from` to a safe end (the page's end at last), and the line after it. */
function sliceAt(src: Source, lines: Line[], from: number, parseSlice: SliceParser): { nodes: RootContent[]; end: number } | null {
  const start = lines[from].s;
  const line = src.point(start).line;
  let end = from;
  for (let attempt = 0; end < lines.length; attempt++) {
    end = attempt < ATTEMPTS ? nextEnd(src, lines, from, end) : lines.length;
    // The whole page: micromark's own parse, errors and all.
    if (end >= lines.length && from === 0) return null;
    const value = src.doc.slice(start, end < lines.length ? lines[end].s : src.doc.length);
    let tree: Root;
    try {
      tree = parseSlice(value);
    } catch {
      // A JSX tag or an expression left open: the slice must go on (at the page's end, a
      // whole parse reports the mistake where it is).
      if (end >= lines.length) return null;
      continue;
    }
    const last = tree.children.at(-1);
    if (end < lines.length && (mayRunOn(last, value) || (last?.type === 'list' && LIST_ITEM.test(text(src, lines[end]))))) continue;
    for (const node of tree.children) shift(node, line - 1, start);
    return { nodes: tree.children, end };
  }
  return null;
}

const LIST_ITEM = /^([-*+]|\d{1,9}[.)])([ \t]|$)/;

/**
 * The first line after line `after` where a slice that starts at line `from` may end: one
 * starting in column 1 right after a blank line. Lines that would make micromark reject the
 * slice or that the fast parser would give back to it are passed over (a JSX tag or an
 * expression, an import, while a fence or a JSX tag opened in the slice seems open): a
 * guess, to spare attempts, that sliceAt checks.
 */
function nextEnd(src: Source, lines: Line[], from: number, after: number): number {
  let fence: string | null = null;
  let depth = 0;
  for (let j = from; j < lines.length; j++) {
    const t = text(src, lines[j]);
    if (j > after && isBlank(text(src, lines[j - 1])) && fence === null && depth <= 0 && /^[^\s<{]/.test(t) && !/^(import|export)\b/.test(t)) return j;
    const marker = /^ *(`{3,}|~{3,})/.exec(t)?.[1];
    if (fence === null && marker) fence = marker;
    else if (fence !== null && marker && marker[0] === fence[0] && marker.length >= fence.length && /^ *[`~]+ *$/.test(t)) fence = null;
    else if (fence === null) depth += (t.match(/<[A-Za-z][^<>]*(?<!\/)>/g)?.length ?? 0) - (t.match(/<\/[A-Za-z.]*>/g)?.length ?? 0);
  }
  return lines.length;
}
