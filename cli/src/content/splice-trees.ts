import type { RootContent } from 'mdast';
import type { Point, Position } from 'unist';

/**
 * Helpers to put trees parsed from a slice of a page into the page's tree, as a parse of the
 * whole page would have given them: used by the reparse after an edit (incremental-parse.ts)
 * and by the fast parse, which leaves the blocks it does not read to micromark
 * (fast-parse/slices.ts).
 */

type Positioned = { position?: Position; children?: Positioned[]; attributes?: Positioned[] | Record<string, unknown>; data?: { estree?: unknown }; value?: unknown };

/** Moves a node parsed from a slice that starts at column 1 by `lines` lines and `offset` characters. */
export function shift(node: RootContent, lines: number, offset: number): void {
  shiftPositioned(node as Positioned, lines, offset);
}

function shiftPositioned(node: Positioned, lines: number, offset: number): void {
  const p = node.position;
  if (p) node.position = { start: movePoint(p.start, lines, offset), end: movePoint(p.end, lines, offset) };
  // MDX expressions and ESM carry their JavaScript's syntax tree, positioned in the page.
  if (node.data?.estree) shiftEstree(node.data.estree, lines, offset);
  for (const child of node.children ?? []) shiftPositioned(child, lines, offset);
  // JSX attributes carry positions too (a directive's attributes are a plain object).
  if (Array.isArray(node.attributes)) {
    for (const attribute of node.attributes) {
      shiftPositioned(attribute, lines, offset);
      if (attribute.value && typeof attribute.value === 'object') shiftPositioned(attribute.value as Positioned, lines, offset);
    }
  }
}

/**
 * An estree (acorn) tree: `start`/`end`/`range` offsets and `loc` lines, in every node and
 * comment (a node met twice, as acorn's `import { a }` is, moves twice: see esm-names.ts).
 */
function shiftEstree(value: unknown, lines: number, offset: number): void {
  if (Array.isArray(value)) {
    for (const item of value) shiftEstree(item, lines, offset);
    return;
  }
  if (!value || typeof value !== 'object') return;
  const node = value as Record<string, unknown>;
  if (typeof node.start === 'number') node.start += offset;
  if (typeof node.end === 'number') node.end += offset;
  if (Array.isArray(node.range)) node.range = [node.range[0] + offset, node.range[1] + offset];
  const loc = node.loc as { start?: Point; end?: Point } | undefined;
  if (loc?.start && loc.end) node.loc = { ...loc, start: movePoint(loc.start, lines, offset), end: movePoint(loc.end, lines, offset) };
  for (const [key, child] of Object.entries(node)) if (key !== 'loc' && key !== 'range' && child && typeof child === 'object') shiftEstree(child, lines, offset);
}

const movePoint = (p: Point, lines: number, offset: number): Point => ({ ...p, line: p.line + lines, ...(p.offset === undefined ? {} : { offset: p.offset + offset }) });
const offsetOf = (p: Point) => p.offset ?? 0;

/**
 * The last block of a parsed slice `text` ends where the slice ends: if it is a fence or a
 * container left open, a whole parse would have run it over the blocks after the slice.
 */
export function mayRunOn(node: RootContent | undefined, text: string): boolean {
  if (!node?.position) return false;
  const raw = text.slice(offsetOf(node.position.start), offsetOf(node.position.end));
  if (offsetOf(node.position.end) < text.trimEnd().length) return false;
  if (node.type === 'html') return true;
  const lines = raw.trim().split('\n');
  const open = /^(`{3,}|~{3,}|:{3,}|\${2,})/.exec(lines[0].trim());
  if (!open) return false;
  const close = lines.length > 1 ? lines[lines.length - 1].trim() : '';
  return !(close.length >= open[1].length && close.split('').every((c) => c === open[1][0]));
}
