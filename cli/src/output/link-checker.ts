import { isExternalHref, normalizeRoutePath } from '@docgen/core/url';
import type { BrokenLink, RenderedPage } from './check-links.js';

/** What a link check knows of the site besides its pages' links and ids. */
export interface LinkSite {
  /** Files of the output, as '/'-rooted paths. */
  files: Set<string>;
  redirects: Record<string, string>;
  unpublished?: string[];
  siteRoot?: string;
  localePrefixes?: string[];
  notBuilt?: Set<string>;
}

type Verdict = Pick<BrokenLink, 'reason' | 'kind'> | null;

/**
 * What a check's verdicts depended on besides each page's own links: the output files links
 * looked for (path → found), and the links with a #anchor into another page ([page, href,
 * target page]), whose verdicts change with that page's ids. An incremental check
 * (build/link-record.ts) judges again only what they say an edit can have changed.
 */
export interface LinkFacts {
  lookups: Map<string, boolean>;
  anchored: [source: string, href: string, target: string, at: number][];
}

/**
 * Judges links against the rendered pages (`pages`, by route; a page's links and ids are read
 * only when asked for) and the site's files and redirects, and gathers the facts it used.
 */
export class LinkChecker {
  readonly facts: LinkFacts = { lookups: new Map(), anchored: [] };
  private readonly byRoute: Map<string, RenderedPage>;
  private readonly unpublished: string[];
  /** A root-relative link means the same on every page: the sidebar's and navbar's links, on every page of a large site, are judged once. */
  private readonly judged = new Map<string, Verdict>();

  constructor(
    private readonly site: LinkSite,
    pages: RenderedPage[],
  ) {
    this.byRoute = new Map(pages.map((p) => [p.route, p]));
    this.unpublished = localized((site.unpublished ?? []).map((p) => normalizeRoutePath(p)), site.siteRoot ?? '/', site.localePrefixes ?? []);
  }

  /** The broken links of one page, each with its place among the page's links (`at`). */
  checkPage(page: RenderedPage): BrokenLink[] {
    const broken: BrokenLink[] = [];
    // A page's hrefs are distinct (extractLinks).
    page.hrefs.forEach((href, at) => {
      const known = this.judged.get(href);
      const verdict = known !== undefined ? known : this.judgeNew(page.route, href);
      if (verdict) broken.push({ source: page.route, href, ...verdict, at });
      if (href.includes('#') && !isExternalHref(href)) {
        const target = this.targetOf(page.route, href);
        if (target !== page.route && this.byRoute.has(target)) this.facts.anchored.push([page.route, href, target, at]);
      }
    });
    return broken;
  }

  /** What is wrong with an internal link (null: nothing), seen from the page at `from`. */
  judge(from: string, href: string): Verdict {
    const [beforeHash, hash] = splitHash(href);
    const pathPart = beforeHash.split('?')[0];
    const target = linkTarget(from, pathPart, this.site.siteRoot);
    const redirected = this.site.redirects[target] ?? target;
    const targetPage = this.byRoute.get(redirected);
    if (!targetPage) {
      if (this.lookup(target) || this.lookup(safeDecode(pathPart))) return null;
      // A page of a locale this build leaves out (`--locale`): it exists, in that locale's build.
      if (this.site.notBuilt?.has(target)) return null;
      if (this.isUnpublished(target)) return { reason: 'content docgen does not publish (see the config warnings), so the link leads nowhere', kind: 'unpublished' };
      return { reason: 'no page or file at this path', kind: 'link' };
    }
    if (hash && !targetPage.ids.has(safeDecode(hash))) return { reason: `no element with id "${safeDecode(hash)}" on ${redirected}`, kind: 'anchor' };
    return null;
  }

  private judgeNew(from: string, href: string): Verdict {
    if (!href) return null;
    if (isExternalHref(href)) {
      // A protocol-relative link that names one of our routes is a path written with a
      // doubled slash: the browser would take its first segment for a host name.
      const p = splitHash(href)[0].split('?')[0];
      const ours = href.startsWith('//') && (this.byRoute.has(normalizeRoutePath(p)) || this.byRoute.has(p));
      return ours ? { reason: 'protocol-relative: the browser reads the first segment as a host name; write the path with one leading "/"', kind: 'link' } : null;
    }
    const verdict = this.judge(from, href);
    if (href.startsWith('/')) this.judged.set(href, verdict);
    return verdict;
  }

  /** The page a link leads to (after redirects), seen from `from`. */
  private targetOf(from: string, href: string): string {
    const target = linkTarget(from, splitHash(href)[0].split('?')[0], this.site.siteRoot);
    return this.site.redirects[target] ?? target;
  }

  private lookup(file: string): boolean {
    const found = this.site.files.has(file);
    this.facts.lookups.set(file, found);
    return found;
  }

  private isUnpublished(target: string): boolean {
    return this.unpublished.some((p) => target === p || target.startsWith(`${p === '/' ? '' : p}/`));
  }
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
