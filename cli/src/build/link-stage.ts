import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { DocgenError } from '../errors.js';
import { formatBrokenLinks, type BrokenLink, type RenderedPage, type SourceInfo } from '../output/check-links.js';
import { brokenLinks, type LinkRecord } from './link-record.js';
import type { Route, RouteTable } from '../routes/build-routes.js';
import { sourceFileOf } from '../routes/source-file.js';
import type { Logger } from '../utils/logger.js';
import { cacheKey, engineCode } from './bundle-cache.js';
import type { CompiledRoute } from './compile-stage.js';

type Policy = 'throw' | 'warn' | 'ignore';
type CheckOptions = Parameters<typeof checkLinks>[0];

/**
 * Checks the rendered output; 'throw' fails the build with the grouped report. A check whose
 * inputs are those of the last one that passed (every page's HTML by its content key, every
 * output file, the policies) is not run again: its warnings are printed again, and no kept
 * page's links are read (most of an unchanged 1000-page rebuild's check and render stages).
 */
export function checkLinks(opts: {
  /** Every file of the output, relative to its root. */
  files: string[];
  rendered: RenderedPage[];
  /** Each route's HTML file's content key ('' when unknown: the check runs). */
  keys?: string[];
  /** Where the last passing check is recorded (null: it is not). */
  cacheDir?: string | null;
  table: RouteTable;
  compiledByRoute: Map<Route, CompiledRoute>;
  policy: Policy;
  /** For links whose page exists but not their #anchor; the links policy when not set. */
  anchorPolicy?: Policy;
  /** The site's config file, named in the report ('docusaurus.config.js'…). */
  configName?: string;
  /** Paths of content docgen does not publish (config unpublishedPaths): links into them warn. */
  unpublished?: string[];
  logger: Logger;
}): number {
  if (opts.policy === 'ignore' && (opts.anchorPolicy ?? 'ignore') === 'ignore') return 0;
  const keys = checkKeys(opts);
  const recordFile = keys ? path.join(opts.cacheDir!, 'links.json') : null;
  const last = recordFile ? readRecord(recordFile) : null;
  if (last && last.key === keys!.key) {
    if (last.report) opts.logger.warn(last.report);
    return last.count;
  }
  const { table } = opts;
  // The server's own folder is never linked to.
  const files = new Set(opts.files.filter((f) => !f.startsWith('.docgen/')).map((f) => `/${f}`));
  const site = { files, redirects: table.redirects, unpublished: opts.unpublished, notBuilt: table.notBuilt, siteRoot: table.siteRoot, localePrefixes: table.localePrefixes };
  const { broken, facts } = brokenLinks({ routes: table.routes.map((r) => r.path), rendered: opts.rendered, keys: opts.keys ?? [], site, base: keys?.base ?? '', last });
  const outcome = report(opts, broken);
  if (recordFile) writeFileSync(recordFile, JSON.stringify({ key: keys!.key, base: keys!.base, ...facts, broken, ...outcome } satisfies LinkRecord));
  return outcome.count;
}

/** The report of the broken links found; 'throw' fails the build with it. */
function report(opts: CheckOptions, raw: BrokenLink[]): { count: number; report: string | null } {
  // Docusaurus checks only the links its <Link> renders, never an <a href="#x"> written as JSX
  // in a page: on a Docusaurus site such a same-page anchor that no Markdown link wrote warns.
  const markdownLinks = new Map<string, Set<string>>();
  const writtenInMarkdown = (b: BrokenLink) => {
    if (!markdownLinks.size) for (const route of opts.table.routes) markdownLinks.set(route.path, new Set((opts.compiledByRoute.get(route)?.data.links ?? []).map((l) => l.url)));
    return markdownLinks.get(b.source)?.has(b.href) ?? false;
  };
  const docusaurusSite = /^docusaurus\.config\./.test(opts.configName ?? '');
  // Nor a path outside the baseUrl: its <Link> and Markdown links always carry the baseUrl, so
  // such an href is a raw <a> in a React page that Docusaurus never checked.
  const root = opts.table.siteRoot;
  const outsideBase = (b: BrokenLink) => root !== '/' && b.href.startsWith('/') && !b.href.startsWith('//') && b.href.split(/[?#]/)[0] !== root && !b.href.startsWith(`${root}/`);
  const uncheckedByDocusaurus = (b: BrokenLink) => docusaurusSite && ((b.kind === 'anchor' && b.href.startsWith('#') && !writtenInMarkdown(b)) || (b.kind === 'link' && outsideBase(b)));
  // A link into content docgen leaves out is a known loss, already named by a config warning.
  const policyOf = (b: BrokenLink): Policy => {
    const policy = b.kind === 'unpublished' ? 'warn' : b.kind === 'anchor' ? opts.anchorPolicy ?? opts.policy : opts.policy;
    return policy === 'throw' && uncheckedByDocusaurus(b) ? 'warn' : b.kind === 'unpublished' && opts.policy === 'ignore' ? 'ignore' : policy;
  };
  const found = raw.filter((b) => policyOf(b) !== 'ignore');
  if (found.length === 0) return { count: 0, report: null };
  const failing = found.filter((b) => policyOf(b) === 'throw');
  // What only warns is reported with what fails, so one run shows every problem.
  const broken = found;
  const sources = new Map<string, SourceInfo>();
  for (const route of opts.table.routes) {
    const compiled = opts.compiledByRoute.get(route);
    const file = route.source ? sourceFileOf(route) : undefined;
    sources.set(route.path, { file, links: compiled?.data.links ?? [] });
  }
  const report = formatBrokenLinks(broken, sources, opts.configName);
  if (failing.length > 0) {
    throw new DocgenError(`${report}\n\nFix the links above, or set onBrokenLinks (onBrokenAnchors for #anchors) to 'warn' in the site config to only warn (CI runs with --strict-links).`);
  }
  opts.logger.warn(report);
  return { count: broken.length, report };
}

/**
 * What a check's outcome is a function of (`key`), and what its verdicts are besides the pages
 * and files (`base`); null when a page's HTML is not known by its key.
 */
function checkKeys(opts: CheckOptions): { key: string; base: string } | null {
  const engine = engineCode();
  const { keys, table } = opts;
  if (!engine || !opts.cacheDir || !keys || table.routes.some((_, i) => !keys[i])) return null;
  const base = cacheKey([engine, JSON.stringify([opts.policy, opts.anchorPolicy ?? null, opts.configName ?? null, opts.unpublished ?? [], table.redirects, [...table.notBuilt], table.siteRoot, table.localePrefixes])]);
  const key = cacheKey((function* () {
    yield base;
    // The order files were written in varies with worker threads; the set is what counts.
    yield [...opts.files].sort().join('\n');
    // A page's links and ids are its HTML's; its source (compile key) places a broken link's line in the report.
    for (const [i, route] of table.routes.entries()) {
      const compiled = opts.compiledByRoute.get(route);
      yield `${route.path}\n${keys[i]}\n${route.source ? sourceFileOf(route) : ''}\n${compiled ? (compiled.searchSource ?? JSON.stringify(compiled.data.links)) : ''}`;
    }
  })());
  return { key, base };
}

function readRecord(file: string): LinkRecord | null {
  try {
    const record = JSON.parse(readFileSync(file, 'utf8')) as LinkRecord;
    return record.base && record.pages ? record : null;
  } catch {
    return null; // none yet, or unreadable: the check runs
  }
}
