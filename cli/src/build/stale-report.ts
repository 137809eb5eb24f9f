import { DocgenError } from '../errors.js';
import type { RouteTable } from '../routes/build-routes.js';
import type { Logger } from '../utils/logger.js';

/**
 * The build's line about freshness: every doc whose front matter `last_reviewed` is older
 * than `docs.staleAfterDays` (marked by routes/page-extras.ts), by file, oldest first. A
 * warning by default; with `--fail-on-stale` (CI) the build fails instead.
 */
export function reportStalePages(table: RouteTable, opts: { logger: Logger; staleAfterDays?: number; failOnStale?: boolean }): void {
  if (opts.staleAfterDays === undefined) {
    if (opts.failOnStale) throw new DocgenError('--fail-on-stale needs docs.staleAfterDays in site.config.ts (e.g. staleAfterDays: 180).');
    return;
  }
  const stale = table.routes
    .filter((r) => r.page.stale && r.source?.kind === 'mdx')
    .map((r) => ({ file: r.source?.kind === 'mdx' ? r.source.doc.siteRelativePath : r.path, reviewed: r.page.lastReviewed ?? '' }))
    .sort((a, b) => a.reviewed.localeCompare(b.reviewed) || a.file.localeCompare(b.file));
  if (stale.length === 0) return;
  const head = `${stale.length} page${stale.length === 1 ? '' : 's'} not reviewed in the last ${opts.staleAfterDays} days (last_reviewed):`;
  const message = [head, ...stale.map((s) => `  ${s.file} (${s.reviewed})`)].join('\n');
  if (opts.failOnStale) throw new DocgenError(`${message}\nReview them and update last_reviewed, or build without --fail-on-stale.`);
  opts.logger.warn(message);
}
