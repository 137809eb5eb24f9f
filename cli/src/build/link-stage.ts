import { readdirSync } from 'node:fs';
import path from 'node:path';
import { DocgenError } from '../errors.js';
import { findBrokenLinks, formatBrokenLinks, type RenderedPage, type SourceInfo } from '../output/check-links.js';
import type { Route, RouteTable } from '../routes/build-routes.js';
import { sourceFileOf } from '../routes/source-file.js';
import type { Logger } from '../utils/logger.js';
import type { CompiledRoute } from './compile-stage.js';

/** Checks the rendered output; 'throw' fails the build with the grouped report. */
export function checkLinks(opts: {
  staging: string;
  rendered: RenderedPage[];
  table: RouteTable;
  compiledByRoute: Map<Route, CompiledRoute>;
  policy: 'throw' | 'warn' | 'ignore';
  logger: Logger;
}): number {
  if (opts.policy === 'ignore') return 0;
  const files = new Set(listFiles(opts.staging).map((f) => `/${f}`));
  const broken = findBrokenLinks({ pages: opts.rendered, files, redirects: opts.table.redirects });
  if (broken.length === 0) return 0;
  const sources = new Map<string, SourceInfo>();
  for (const route of opts.table.routes) {
    const compiled = opts.compiledByRoute.get(route);
    const file = route.source ? sourceFileOf(route) : undefined;
    sources.set(route.path, { file, links: compiled?.data.links ?? [] });
  }
  const report = formatBrokenLinks(broken, sources);
  if (opts.policy === 'throw') {
    throw new DocgenError(`${report}\n\nFix the links above, or set onBrokenLinks: 'warn' in site.config.ts to only warn (CI runs with --strict-links).`);
  }
  opts.logger.warn(report);
  return broken.length;
}

function listFiles(root: string, rel = ''): string[] {
  const out: string[] = [];
  for (const entry of readdirSync(path.join(root, rel), { withFileTypes: true })) {
    if (entry.name === '.docgen') continue;
    const r = rel ? `${rel}/${entry.name}` : entry.name;
    if (entry.isDirectory()) out.push(...listFiles(root, r));
    else out.push(r);
  }
  return out;
}
