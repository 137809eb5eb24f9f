import type { Root, RootContent } from 'mdast';
import { parseFlow, type Line } from './blocks.js';
import { parseWithSlices, type SliceParser } from './slices.js';
import { Source, Unsupported } from './source.js';

export type { SliceParser } from './slices.js';

/**
 * A fast reading of plain pages into the mdast micromark gives them (with MDX, GFM and
 * directives, as docgen's processor parses), positions included; or null when the page uses
 * anything this parser does not read exactly as micromark does, and micromark must parse it.
 * Plain prose, headings, lists, fences, tables and admonitions are most of a docs site's
 * pages, and micromark spent about half of each page's compile on them.
 * With `parseSlice` (micromark), the top-level blocks it does not read are handed to
 * micromark (slices.ts) instead of the whole page.
 */
export function fastParse(doc: string, parseSlice?: SliceParser, onUnsupported?: (why: string, at: string) => void): Root | null {
  if (/[\r\0\uFEFF]/.test(doc)) return null;
  const src = new Source(doc);
  const lines: Line[] = src.lineStarts.map((s, n) => ({ s, e: n + 1 < src.lineStarts.length ? src.lineStarts[n + 1] - 1 : doc.length }));
  try {
    const children: RootContent[] | null = parseSlice ? parseWithSlices(src, lines, parseSlice) : parseFlow(src, lines);
    return children && { type: 'root', children, position: src.position(0, doc.length) };
  } catch (error) {
    if (!(error instanceof Unsupported)) throw error;
    onUnsupported?.(error.message, error.stack ?? '');
    return null;
  }
}
