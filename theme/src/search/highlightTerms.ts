/**
 * The search term on the page a result opens: the result's link carries `?q=<query>`, and the
 * page marks each occurrence of its words with the CSS Custom Highlight API, which paints
 * without touching the DOM (the content is React's: wrapping text in <mark> would break
 * hydration and live updates). Browsers without the API show the page unmarked.
 */
export const HIGHLIGHT_NAME = 'dg-search-term';

/** A result's href with the query that found it (`/docs/a#b` → `/docs/a?q=…#b`). */
export function hrefWithQuery(href: string, query: string): string {
  const q = query.trim();
  if (!q) return href;
  const hash = href.indexOf('#');
  const [path, fragment] = hash === -1 ? [href, ''] : [href.slice(0, hash), href.slice(hash)];
  return `${path}${path.includes('?') ? '&' : '?'}q=${encodeURIComponent(q)}${fragment}`;
}

/** Lower case without accents, one output character per input character where possible. */
const fold = (s: string) => s.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();

/** The words worth marking: two letters or more, accents and case ignored. */
export function searchTerms(query: string): string[] {
  return [...new Set(fold(query).split(/[^\p{L}\p{N}]+/u).filter((w) => w.length >= 2))];
}

/** Ranges of every occurrence of `terms` in the text under `root` (accent- and case-insensitive). */
export function findTermRanges(root: Node, terms: string[]): Range[] {
  if (terms.length === 0) return [];
  const ranges: Range[] = [];
  const walker = root.ownerDocument!.createTreeWalker(root, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const text = node.nodeValue ?? '';
    // Fold character by character so positions in the folded text map back to the original.
    const map: number[] = [];
    let folded = '';
    for (let i = 0; i < text.length; i++) {
      const f = fold(text[i]);
      for (let k = 0; k < f.length; k++) map.push(i);
      folded += f;
    }
    for (const term of terms) {
      for (let at = folded.indexOf(term); at !== -1; at = folded.indexOf(term, at + term.length)) {
        const range = root.ownerDocument!.createRange();
        range.setStart(node, map[at]);
        range.setEnd(node, map[at + term.length - 1] + 1);
        ranges.push(range);
      }
    }
  }
  return ranges;
}

interface HighlightRegistry { set(name: string, h: unknown): void; delete(name: string): void }
type HighlightCtor = new (...ranges: Range[]) => unknown;

/** Marks the query's words inside `root`; returns the first mark, or null. Clears old marks. */
export function highlightQuery(root: Element | null, query: string | null): Range | null {
  const registry = (globalThis.CSS as unknown as { highlights?: HighlightRegistry } | undefined)?.highlights;
  const Ctor = (globalThis as unknown as { Highlight?: HighlightCtor }).Highlight;
  if (!registry || !Ctor) return null;
  registry.delete(HIGHLIGHT_NAME);
  if (!root || !query) return null;
  const ranges = findTermRanges(root, searchTerms(query));
  if (ranges.length === 0) return null;
  registry.set(HIGHLIGHT_NAME, new Ctor(...ranges));
  return ranges[0];
}

/** Marks this page's `?q=` words (clearing old marks); scrolls to the first unless the URL has a hash. */
export function markPage(stillCurrent: () => boolean): void {
  if (!stillCurrent()) return; // the reader has moved on
  const first = highlightQuery(document.getElementById('__docgen_main'), new URLSearchParams(window.location.search).get('q'));
  if (first && !window.location.hash) first.startContainer.parentElement?.scrollIntoView({ block: 'center' });
}
