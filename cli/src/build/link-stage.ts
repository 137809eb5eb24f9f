import { DocgenError } from '../errors.js';
import { findBrokenLinks, formatBrokenLinks, type BrokenLink, type RenderedPage, type SourceInfo } from '../output/check-links.js';

type Policy = 'throw' | 'warn' | 'ignore';
import type { Route, RouteTable } from '../routes/build-routes.js';
import { sourceFileOf } from '../routes/source-file.js';
import type { Logger } from '../utils/logger.js';
import type { CompiledRoute } from './compile-stage.js';

/** Checks the rendered output; 'throw' fails the build with the grouped report. */
export function checkLinks(opts: {
  /** Every file of the output, relative to its root. */
  files: string[];
  rendered: RenderedPage[];
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
  if (opts.policy === 'ignore' && (opts.anchorPolicy ?? 'ignore') === 'ignore') return 0;
  // The server's own folder is never linked to.
  const files = new Set(opts.files.filter((f) => !f.startsWith('.docgen/')).map((f) => `/${f}`));
  const found = findBrokenLinks({ pages: opts.rendered, files, redirects: opts.table.redirects, unpublished: opts.unpublished, notBuilt: opts.table.notBuilt, siteRoot: opts.table.siteRoot, localePrefixes: opts.table.localePrefixes }).filter((b) => policyOf(b) !== 'ignore');
  if (found.length === 0) return 0;
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
  return broken.length;
}
