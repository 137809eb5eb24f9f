import { isExternalHref, normalizeRoutePath } from '@docgen/core/url';

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
export function findBrokenLinks(opts: { pages: RenderedPage[]; files: Set<string>; redirects: Record<string, string>; unpublished?: string[]; siteRoot?: string; localePrefixes?: string[]; notBuilt?: Set<string> }): BrokenLink[] {
  const byRoute = new Map(opts.pages.map((p) => [p.route, p]));
  const unpublished = localized((opts.unpublished ?? []).map((p) => normalizeRoutePath(p)), opts.siteRoot ?? '/', opts.localePrefixes ?? []);
  const isUnpublished = (target: string) => unpublished.some((p) => target === p || target.startsWith(`${p === '/' ? '' : p}/`));
  type Verdict = Pick<BrokenLink, 'reason' | 'kind'> | null;
  /** What is wrong with an internal link (null: nothing), seen from the page at `from`. */
  const judge = (from: string, href: string): Verdict => {
    const [beforeHash, hash] = splitHash(href);
    const pathPart = beforeHash.split('?')[0];
    const target = linkTarget(from, pathPart, opts.siteRoot);
    const redirected = opts.redirects[target] ?? target;
    const targetPage = byRoute.get(redirected);
    if (!targetPage) {
      if (opts.files.has(target) || opts.files.has(safeDecode(pathPart))) return null;
      // A page of a locale this build leaves out (`--locale`): it exists, in that locale's build.
      if (opts.notBuilt?.has(target)) return null;
      if (isUnpublished(target)) return { reason: 'content docgen does not publish (see the config warnings), so the link leads nowhere', kind: 'unpublished' };
      return { reason: 'no page or file at this path', kind: 'link' };
    }
    if (hash && !targetPage.ids.has(safeDecode(hash))) return { reason: `no element with id "${safeDecode(hash)}" on ${redirected}`, kind: 'anchor' };
    return null;
  };
  // A root-relative link means the same on every page: the sidebar's and navbar's links,
  // on every page of a large site, are judged once (and looked up first: they are most links).
  const judged = new Map<string, Verdict>();
  const broken: BrokenLink[] = [];
  for (const page of opts.pages) {
    // A page's hrefs are distinct (extractLinks).
    for (const href of page.hrefs) {
      const known = judged.get(href);
      if (known !== undefined) {
        if (known) broken.push({ source: page.route, href, ...known });
        continue;
      }
      if (!href) continue;
      if (isExternalHref(href)) {
        // A protocol-relative link that names one of our routes is a path written with a
        // doubled slash: the browser would take its first segment for a host name.
        const p = splitHash(href)[0].split('?')[0];
        if (href.startsWith('//') && (byRoute.has(normalizeRoutePath(p)) || byRoute.has(p))) {
          broken.push({ source: page.route, href, reason: 'protocol-relative: the browser reads the first segment as a host name; write the path with one leading "/"', kind: 'link' });
        }
        continue;
      }
      const verdict = judge(page.route, href);
      if (href.startsWith('/')) judged.set(href, verdict);
      if (verdict) broken.push({ source: page.route, href, ...verdict });
    }
  }
  return broken;
}

/** Unpublished content is left out in every locale: '/blog' is '/es/blog' too. */
function localized(paths: string[], siteRoot: string, prefixes: string[]): string[] {
  const base = siteRoot === '/' ? '' : siteRoot;
  const inLocales = paths.filter((p) => p === siteRoot || p.startsWith(`${base}/`))
    .flatMap((p) => prefixes.map((prefix) => normalizeRoutePath(`${base}${prefix}${p.slice(base.length)}`)));
  return [...paths, ...inLocales];
}

function splitHash(href: string): [string, string] {
  const i = href.indexOf('#');
  return i < 0 ? [href, ''] : [href.slice(0, i), href.slice(i + 1)];
}

/** The route a link's path (before ? and #) points at, seen from the page at `from`. */
export function linkTarget(from: string, pathPart: string, siteRoot?: string): string {
  if (pathPart === '') return from;
  if (pathPart.startsWith('/')) return normalizeRoutePath(pathPart);
  // Pages are served at /a/b (no trailing slash): relative links resolve from /a/. The home
  // page is the exception: it is the baseUrl, '/handbook/', a folder's URL.
  const dir = from.endsWith('/') || from === siteRoot ? `${from.replace(/\/+$/, '')}/` : from.slice(0, from.lastIndexOf('/') + 1);
  return normalizeRoutePath(new URL(pathPart, `http://x${dir}`).pathname);
}

const safeDecode = (s: string) => {
  try {
    return decodeURIComponent(s);
  } catch {
    return s;
  }
};

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
