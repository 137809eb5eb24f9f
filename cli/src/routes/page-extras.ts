import { execFile, execFileSync } from 'node:child_process';
import path from 'node:path';
import type { RouteTable } from './build-routes.js';
import { splitVersionName } from './versions.js';

/** Docusaurus's `editUrl` function form. */
export type EditUrlFunction = (params: { version: string; versionDocsDirPath: string; docPath: string; permalink: string; locale: string }) => string | undefined;

export interface PageExtrasOptions {
  /** Base of "Editar esta página" (the file's site-relative path is appended), or a function. */
  editUrl?: string | EditUrlFunction;
  showLastUpdateTime?: boolean;
  showLastUpdateAuthor?: boolean;
  /** A doc whose `last_reviewed` is older than this many days is marked stale. */
  staleAfterDays?: number;
  /** Extra docs instances: each has its own editUrl, none when it sets none (as a Docusaurus plugin instance). */
  instances?: { id: string; editUrl?: string | EditUrlFunction }[];
  /** How the last commits are found (`docgen dev` may have started `git log` earlier); lastCommits by default. */
  lastCommits?: (siteDir: string, folders: string[]) => Map<string, Commit>;
}

/**
 * What a page shows beyond its own front matter: the descriptions of the docs a category card
 * points at, the edit link, the last commit (one `git log` for the whole site, never one per
 * page) and whether `last_reviewed` is too old. Runs once on a built route table.
 */
export function addPageExtras(table: RouteTable, siteDir: string, opts: PageExtrasOptions, now = new Date()): void {
  const byPath = new Map(table.routes.map((r) => [r.path, r.page]));
  for (const route of table.routes) {
    for (const card of route.page.cards ?? []) {
      // A doc card shows its doc's description; a category card its index page's (never the
      // description of the first doc it happens to link to).
      const target = byPath.get(card.href);
      const kind = card.type === 'doc' ? 'doc' : 'category';
      if (!card.description && target?.kind === kind && target.description) card.description = target.description;
    }
  }
  const wantsGit = opts.showLastUpdateTime || opts.showLastUpdateAuthor;
  const commits = wantsGit ? (opts.lastCommits ?? lastCommits)(siteDir, docFolders(table)) : new Map<string, Commit>();
  for (const route of table.routes) {
    const page = route.page;
    const doc = route.source?.kind === 'mdx' ? route.source.doc : undefined;
    if (page.kind !== 'doc' || !doc) continue;
    const { instance, docsVersion } = splitVersionName(page.version ?? 'current');
    const base = instance === undefined ? opts.editUrl : opts.instances?.find((i) => i.id === instance)?.editUrl;
    // The file's '/' path only when something is looked up by it (10,000 splits otherwise).
    const file = base || commits.size ? doc.siteRelativePath.split(path.sep).join('/') : '';
    const editUrl = resolveEditUrl(base, file, page.path, docsVersion, page.locale);
    if (editUrl) page.editUrl = editUrl;
    const commit = commits.get(file);
    if (commit && opts.showLastUpdateTime) page.lastUpdatedAt = commit.date;
    if (commit && opts.showLastUpdateAuthor) page.lastUpdatedBy = commit.author;
    if (opts.staleAfterDays !== undefined && page.lastReviewed && isStale(page.lastReviewed, opts.staleAfterDays, now)) page.stale = true;
  }
}

export function isStale(lastReviewed: string, staleAfterDays: number, now: Date): boolean {
  const reviewed = Date.parse(`${lastReviewed.slice(0, 10)}T00:00:00Z`);
  if (Number.isNaN(reviewed)) return false;
  return (now.getTime() - reviewed) / 86_400_000 > staleAfterDays;
}

function resolveEditUrl(editUrl: PageExtrasOptions['editUrl'], file: string, permalink: string, version: string, locale: string): string | undefined {
  if (!editUrl) return undefined;
  if (typeof editUrl === 'function') {
    // As Docusaurus splits it: the docs folder of the version (or translation), then the file in it.
    const m = /^(.*?\/(?:docs|version-[^/]+))\/(.+)$/.exec(file);
    const [versionDocsDirPath, docPath] = m ? [m[1], m[2]] : [path.posix.dirname(file), path.posix.basename(file)];
    return editUrl({ version, versionDocsDirPath, docPath, permalink, locale }) || undefined;
  }
  return `${editUrl.replace(/\/+$/, '')}/${file}`;
}

export interface Commit {
  /** ISO 8601, UTC. */
  date: string;
  author: string;
}

/** The top-level folders (site-relative) holding the table's docs. */
function docFolders(table: RouteTable): string[] {
  const folders = new Set<string>();
  for (const route of table.routes) {
    if (route.source?.kind === 'mdx') folders.add(route.source.doc.siteRelativePath.split(/[\\/]/)[0]);
  }
  return [...folders];
}

/**
 * The newest commit touching each file under siteDir, paths relative to siteDir, from a single
 * `git log` (Docusaurus runs one git process per page, which dominates large builds). Outside
 * a repository, or without git, pages simply show no date.
 */
export function lastCommits(siteDir: string, folders: string[] = ['.']): Map<string, Commit> {
  if (folders.length === 0) return new Map();
  try {
    return parseGitLog(execFileSync('git', gitLogArgs(folders), { cwd: siteDir, encoding: 'utf8', maxBuffer: GIT_LOG_BUFFER, stdio: ['ignore', 'pipe', 'ignore'] }));
  } catch {
    return new Map();
  }
}

/** lastCommits without waiting: git runs while the caller does other work. */
export function lastCommitsLater(siteDir: string, folders: string[]): Promise<Map<string, Commit>> {
  if (folders.length === 0) return Promise.resolve(new Map());
  return new Promise((resolve) => {
    const child = execFile('git', gitLogArgs(folders), { cwd: siteDir, encoding: 'utf8', maxBuffer: GIT_LOG_BUFFER }, (error, out) => resolve(error ? new Map() : parseGitLog(out)));
    child.stdin?.end();
  });
}

const GIT_LOG_BUFFER = 256 * 1024 * 1024;

// Limited to the folders docs live in: the site's whole history took 8 times as long here.
const gitLogArgs = (folders: string[]) => ['log', '--format=%x1e%aI%x1f%an', '--name-only', '--no-renames', '--relative', '--', ...folders];

function parseGitLog(out: string): Map<string, Commit> {
  const result = new Map<string, Commit>();
  for (const entry of out.split('\x1e')) {
    const [head, ...files] = entry.split('\n');
    const [date, author] = head.split('\x1f');
    if (!date || author === undefined) continue;
    const iso = new Date(date).toISOString();
    for (const f of files) if (f && !result.has(f)) result.set(f, { date: iso, author });
  }
  return result;
}
