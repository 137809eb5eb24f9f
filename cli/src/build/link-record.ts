import type { BrokenLink, RenderedPage } from '../output/check-links.js';
import { LinkChecker, type LinkSite } from '../output/link-checker.js';

/** The last link check that passed, in `.docgen/cache/links.json` (see link-stage.ts). */
export interface LinkRecord {
  /** Everything the check depended on: equal, the check is not run again. */
  key: string;
  count: number;
  report: string | null;
  /** What the verdicts depend on besides the pages and the output's files (redirects, policies…). */
  base: string;
  /** Each page's HTML, by its content key. */
  pages: Record<string, string>;
  /** The output files links looked for, and whether each was there. */
  lookups: [string, boolean][];
  /** Links with a #anchor into another page (LinkFacts.anchored). */
  anchored: [string, string, string, number][];
  /** The broken links found, before the policies. */
  broken: BrokenLink[];
}

type Facts = Pick<LinkRecord, 'pages' | 'lookups' | 'anchored'>;

/**
 * The broken links of the rendered pages: judged again only where the last passing check's
 * facts say an edit can have changed a verdict, when that check saw the same pages (routes),
 * the same answers from the output's files and the same `base`. Then only the links of pages
 * whose HTML changed are judged, plus the other pages' #anchor links into them; the other
 * verdicts are the last check's. An edit rebuild at 1000 pages read every page's links
 * (150,000) to judge them again.
 */
export function brokenLinks(opts: { routes: string[]; rendered: RenderedPage[]; keys: string[]; site: LinkSite; base: string; last: LinkRecord | null }): { broken: BrokenLink[]; facts: Facts } {
  const { routes, rendered, last } = opts;
  const pages = Object.fromEntries(routes.map((route, i) => [route, opts.keys[i]]));
  const checker = new LinkChecker(opts.site, rendered);
  const facts = (anchored: LinkRecord['anchored'], lookups: Map<string, boolean>): Facts => ({ pages, lookups: [...lookups], anchored });
  const usable = last !== null && last.base === opts.base && Object.keys(last.pages).length === routes.length && routes.every((r) => r in last.pages) && last.lookups.every(([file, found]) => opts.site.files.has(file) === found);
  if (!usable) {
    const broken = rendered.flatMap((page) => checker.checkPage(page));
    return { broken, facts: facts(checker.facts.anchored, checker.facts.lookups) };
  }
  const changed = new Set(routes.filter((r) => last.pages[r] !== pages[r]));
  // Another page's #anchor link into a changed page: its verdict follows that page's ids.
  const again = last.anchored.filter(([source, , target]) => changed.has(target) && !changed.has(source));
  const judgedAgain = new Set(again.map(([source, href]) => `${source}\0${href}`));
  const broken = last.broken.filter((b) => !changed.has(b.source) && !judgedAgain.has(`${b.source}\0${b.href}`));
  for (const [source, href, , at] of again) {
    const verdict = checker.judge(source, href);
    if (verdict) broken.push({ source, href, ...verdict, at });
  }
  for (const page of rendered) if (changed.has(page.route)) broken.push(...checker.checkPage(page));
  // In page order, and each page's links in their order: as a check of every page lists them.
  const order = new Map(routes.map((r, i) => [r, i]));
  broken.sort((a, b) => order.get(a.source)! - order.get(b.source)! || (a.at ?? 0) - (b.at ?? 0));
  const lookups = new Map(last.lookups);
  for (const [file, found] of checker.facts.lookups) lookups.set(file, found);
  return { broken, facts: facts([...last.anchored.filter(([source]) => !changed.has(source)), ...checker.facts.anchored], lookups) };
}
