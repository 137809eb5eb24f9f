import type { Root, RootContent } from 'mdast';
import type { Point } from 'unist';
import { VFile } from 'vfile';
import { mayRunOn, shift } from './splice-trees.js';

/** What a processor's parse needs (unified's processor.parse). */
type Parse = (file: VFile) => Root;

interface Entry {
  text: string;
  /** The tree of `text` as the parser gave it, never handed out (plugins change what they get). */
  tree: Root;
}

/** Pages whose last tree is kept, per parser: the ones being edited now. */
const KEEP = 32;
const entries = new WeakMap<object, Map<string, Entry>>();

/**
 * Parses a page again after an edit by reparsing only the top-level blocks the edit touched
 * (docgen dev: parsing was two thirds of recompiling a page, and a save changes a paragraph
 * or two). The blocks before and after the edit are taken from the page's previous tree when
 * a blank line separates them from the edit, they are not lists (list items separated by
 * blank lines belong to one list), and the block after starts a line: then the edit cannot
 * change how they parse. Pages with link reference or footnote definitions (which reach
 * across the page) are always parsed whole, as is a page seen for the first time.
 * Positions (of nodes, and inside the syntax trees of MDX expressions) are those a whole
 * parse gives.
 */
export function parseIncrementally(parser: object, parse: Parse, file: VFile, key: string): Root {
  const text = String(file.value);
  let cache = entries.get(parser);
  if (!cache) entries.set(parser, (cache = new Map()));
  const previous = cache.get(key);
  cache.delete(key);
  const tree = (previous && reuse(previous, text, parse, file.path)) || parse(file);
  cache.set(key, { text, tree });
  if (cache.size > KEEP) cache.delete(cache.keys().next().value!);
  return structuredClone(tree);
}

const DEFINITION = /^ {0,3}\[[^\]\n]+\]:/m;

function reuse(previous: Entry, text: string, parse: Parse, path: string | undefined): Root | null {
  const old = previous.text;
  if (DEFINITION.test(old) || DEFINITION.test(text)) return null;
  const children = previous.tree.children;
  let prefix = 0;
  const max = Math.min(old.length, text.length);
  while (prefix < max && old.charCodeAt(prefix) === text.charCodeAt(prefix)) prefix++;
  let suffix = 0;
  while (suffix < max - prefix && old.charCodeAt(old.length - 1 - suffix) === text.charCodeAt(text.length - 1 - suffix)) suffix++;

  // Blocks kept before the edit: every block that ends before it, back to the last one a blank
  // line separates from the edit and that is not a list. Only that one borders the edit: the
  // blocks before it were closed by it, so a list or a fence among them cannot reach the edit
  // (stopping at the first list of the page made most saves reparse most of the page).
  let k = 0;
  while (k < children.length && children[k].position && offsetOf(children[k].position!.end) <= prefix) k++;
  while (k > 0 && !safeBefore(children[k - 1], children[k], old, prefix)) k--;
  // Blocks kept after the edit: every block that starts after it, from the first one that
  // starts a line after a blank line and is not a list.
  const editEnd = old.length - suffix;
  let j = children.length;
  while (j > k && children[j - 1].position && offsetOf(children[j - 1].position!.start) >= editEnd) j--;
  while (j < children.length && !safeAfter(children[j], children[j - 1], old, editEnd)) j++;
  if (k === 0 && j === children.length) return null;
  // See below: an import/export block the edit is in, below the first line, takes a whole parse.
  if (k > 0 && children.slice(k, j).some(isEsm)) return null;

  // The text between: from the line after block k-1 to the start of block j, in the new text.
  const cutStart = k === 0 ? 0 : lineAfter(old, offsetOf(children[k - 1].position!.end));
  const cutEndOld = j === children.length ? old.length : offsetOf(children[j].position!.start);
  const delta = text.length - old.length;
  const cutEnd = cutEndOld + delta;
  if (cutStart > cutEnd) return null;
  let middle: Root;
  try {
    middle = parse(new VFile({ value: text.slice(cutStart, cutEnd), path }));
  } catch {
    return null; // a mistake: a whole parse reports it where it is
  }
  const region = text.slice(cutStart, cutEnd);
  if (j < children.length && (mayRunOn(middle.children.at(-1), region) || region.includes('<!--'))) return null;
  // The JavaScript syntax tree of an import/export block below the first line has positions
  // that a whole parse computes in its own way (fast-parse/esm-names.ts): such a block is only taken
  // where it stays put, before the edit.
  const after = children.slice(j);
  const lineDelta = count(text, '\n') - count(old, '\n');
  if ((cutStart > 0 && middle.children.some(isEsm)) || ((delta !== 0 || lineDelta !== 0) && after.some(isEsm))) return null;
  const lineStart = lineOf(text, cutStart);
  for (const node of middle.children) shift(node, lineStart - 1, cutStart);
  for (const node of after) shift(node, lineDelta, delta);
  return {
    type: 'root',
    children: [...children.slice(0, k), ...middle.children, ...after] as RootContent[],
    position: { start: { line: 1, column: 1, offset: 0 }, end: endPoint(text) },
  };
}

const isEsm = (node: RootContent) => node.type === 'mdxjsEsm';

/** Block `node` (followed by `next`) ends before the edit at `prefix`, with a blank line after it, and is not a list. */
function safeBefore(node: RootContent, next: RootContent | undefined, old: string, prefix: number): boolean {
  if (node.type === 'list' || !node.position) return false;
  const end = offsetOf(node.position.end);
  const gapEnd = next?.position ? offsetOf(next.position.start) : old.length;
  return end <= prefix && /\n[ \t]*\n/.test(old.slice(end, Math.min(gapEnd, prefix)));
}

/** Block `node` (after `previous`) starts after the edit ending at `editEnd`, at column 1, after a blank line, and is not a list. */
function safeAfter(node: RootContent, previous: RootContent | undefined, old: string, editEnd: number): boolean {
  if (node.type === 'list' || !node.position || node.position.start.column !== 1) return false;
  const start = offsetOf(node.position.start);
  const gapStart = Math.max(previous?.position ? offsetOf(previous.position.end) : 0, editEnd);
  return start >= editEnd && /\n[ \t]*\n/.test(old.slice(gapStart, start));
}

const offsetOf = (p: Point) => p.offset ?? 0;
const count = (s: string, c: string) => s.split(c).length - 1;
const lineOf = (s: string, offset: number) => count(s.slice(0, offset), '\n') + 1;

function lineAfter(s: string, offset: number): number {
  const nl = s.indexOf('\n', offset);
  return nl < 0 ? s.length : nl + 1;
}

function endPoint(s: string): Point {
  const last = s.lastIndexOf('\n');
  return { line: count(s, '\n') + 1, column: s.length - last, offset: s.length };
}
