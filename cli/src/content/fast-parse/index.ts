import type { Root } from 'mdast';
import { parseFlow, type Line } from './blocks.js';
import { Source, Unsupported } from './source.js';

/**
 * A fast reading of plain pages into the mdast micromark gives them (with MDX, GFM and
 * directives, as docgen's processor parses), positions included; or null when the page uses
 * anything this parser does not read exactly as micromark does, and micromark must parse it.
 * Plain prose, headings, lists, fences, tables and admonitions are most of a docs site's
 * pages, and micromark spent about half of each page's compile on them.
 */
export function fastParse(doc: string, onUnsupported?: (why: string, at: string) => void): Root | null {
  if (/[\r\0\uFEFF]/.test(doc)) return null;
  const src = new Source(doc);
  const lines: Line[] = src.lineStarts.map((s, n) => ({ s, e: n + 1 < src.lineStarts.length ? src.lineStarts[n + 1] - 1 : doc.length }));
  try {
    return { type: 'root', children: parseFlow(src, lines), position: src.position(0, doc.length) };
  } catch (error) {
    if (!(error instanceof Unsupported)) throw error;
    onUnsupported?.(error.message, error.stack ?? '');
    return null;
  }
}
