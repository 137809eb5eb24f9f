import { LinkChecker, type LinkSite } from './link-checker.js';

/** What the checker needs of one rendered page. */
export interface RenderedPage {
  route: string;
  /** Distinct. */
  hrefs: string[];
  ids: Set<string>;
}

export interface BrokenLink {
  /** Page where the link is. */
  source: string;
  href: string;
  reason: string;
  /**
   * A missing page or file, only a missing #anchor on a page that exists (Docusaurus's
   * onBrokenAnchors), or a page under a path docgen does not publish (unpublishedPaths).
   */
  kind: 'link' | 'anchor' | 'unpublished';
  /** The link's place among its page's links (a report lists a page's links in that order). */
  at?: number;
}

const HREF = /<a\b[^>]*?\shref="([^"]*)"/g;
const ID = /\sid="([^"]*)"/g;
// Most values have no entity: five replaces over each of a page's hundred values were a third of the check.
const decodeAttr = (s: string) =>
  s.includes('&') ? s.replace(/&quot;/g, '"').replace(/&#x27;|&#39;/g, "'").replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&amp;/g, '&') : s;

/** Links and ids of a rendered HTML page (what a browser would see, layout included). */
export function extractLinks(route: string, html: string): RenderedPage {
  const hrefs = [...new Set([...html.matchAll(HREF)].map((m) => own(decodeAttr(m[1]))))];
  const ids = new Set([...html.matchAll(ID)].map((m) => own(decodeAttr(m[1]))));
  return { route, hrefs, ids };
}

/** A page's links and ids kept from an earlier build (strings shared as extractLinks shares them). */
export function linksOf(route: string, hrefs: string[], ids: string[]): RenderedPage {
  return { route, hrefs: hrefs.map(own), ids: new Set(ids.map(own)) };
}

/** linksOf, read when first asked for: a check whose inputs are unchanged asks for none. */
export function lazyLinksOf(route: string, load: () => { hrefs: string[]; ids: string[] }): RenderedPage {
  let links: RenderedPage | null = null;
  const get = () => (links ??= (({ hrefs, ids }) => linksOf(route, hrefs, ids))(load()));
  return {
    route,
    get hrefs() {
      return get().hrefs;
    },
    get ids() {
      return get().ids;
    },
  };
}

/**
 * A copy of a string cut out of a page, shared by every page that has it. A match is a slice
 * that keeps its whole page alive: holding each page's links held every rendered page (the
 * render of 10,000 pages ran out of heap), and the sidebar's links repeat on every page.
 */
const interned = new Map<string, string>();
function own(text: string): string {
  let copy = interned.get(text);
  if (copy === undefined) {
    // Bounded for a long-running docgen dev; entries are only a saving, never needed.
    if (interned.size >= 500_000) interned.clear();
    copy = (' ' + text).slice(1);
    interned.set(copy, copy);
  }
  return copy;
}

/**
 * Pure detection: every internal link must hit a route or an output file, and its
 * #anchor must be an id of the target page. External links are skipped. A .md/.mdx link
 * still in the page is one whose file does not exist (the others became routes): it is
 * broken like any other link.
 */
export function findBrokenLinks(opts: LinkSite & { pages: RenderedPage[] }): BrokenLink[] {
  const checker = new LinkChecker(opts, opts.pages);
  return opts.pages.flatMap((page) => checker.checkPage(page).map(({ at: _at, ...link }) => link));
}

export { linkTarget } from './link-checker.js';

export interface SourceInfo {
  file?: string;
  links: { url: string; line: number; column: number }[];
}

/**
 * The report: grouped by source page with file:line:column when the link is in the page's
 * own source; a link broken on 5+ pages is flagged as a probable navbar/footer problem.
 */
export function formatBrokenLinks(broken: BrokenLink[], sources: Map<string, SourceInfo>, configName = 'site.config.ts'): string {
  const counts = new Map<string, number>();
  for (const b of broken) counts.set(b.href, (counts.get(b.href) ?? 0) + 1);
  const groups = new Map<string, BrokenLink[]>();
  for (const b of broken) groups.set(b.source, [...(groups.get(b.source) ?? []), b]);
  const lines = [`Found ${broken.length} broken link${broken.length === 1 ? '' : 's'}:`];
  for (const [route, list] of groups) {
    const info = sources.get(route);
    lines.push(`\n  On ${route}${info?.file ? ` (${info.file})` : ''}:`);
    for (const b of list) {
      // A root-relative link gets the baseUrl when rendered ('/x' → '/docs/x').
      const at = info?.links.find((l) => l.url === b.href || (l.url.startsWith('/') && b.href.endsWith(l.url)));
      const where = at && info?.file ? `${info.file}:${at.line}:${at.column}` : 'in the layout (navbar, sidebar or footer)';
      const many = (counts.get(b.href) ?? 0) >= 5 ? ` — on 5+ pages: probably a navbar or footer link in ${configName}` : '';
      lines.push(`    - ${b.href} → ${b.reason} [${where}]${many}`);
    }
  }
  return lines.join('\n');
}
