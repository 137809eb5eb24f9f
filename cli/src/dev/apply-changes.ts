import path from 'node:path';
import { siteConfigFiles } from '../config/load-config.js';
import { sitePaths } from '../config/site-paths.js';
import { DOC_EXTENSIONS } from '../content/load-docs.js';
import type { Route } from '../routes/build-routes.js';
import { dim, green } from '../utils/logger.js';
import type { Logger } from '../utils/logger.js';
import { formatMs } from '../utils/task.js';
import { trace } from './trace.js';
import { markBusy } from './idle.js';
import type { DevMessage, RouteUpdate } from './events.js';
import { sourceFileOf } from '../routes/source-file.js';
import type { ProblemBoard } from './problems.js';
import type { DevSession } from './session.js';
import { themeSourceDir, type FileChange } from './watcher.js';

export interface ChangeContext {
  siteDir: string;
  logger: Logger;
  problems: ProblemBoard;
  session(): DevSession | null;
  /** Opens a new session from the config on disk; true when it replaced the serving one. */
  reopen(): Promise<boolean>;
  send(message: DevMessage): void;
  /** Renders changed pages once more, off the edit's path: render errors and broken links show on save. */
  check(session: DevSession, routes: Route[]): void;
}

/**
 * One batch of file changes → the least work that shows them: a config change reopens the
 * site and reloads the browser; a theme change rebuilds the theme's bundles and reloads; a
 * saved page recompiles that page alone and the open browser re-renders it in place; files
 * added, deleted or renamed, titles, positions and `_category_` files rebuild the routes.
 */
export async function applyChanges(ctx: ChangeContext, batch: FileChange[]): Promise<void> {
  const started = performance.now();
  markBusy();
  trace(`batch of ${batch.length}`);
  const session = ctx.session();
  const configFiles = siteConfigFiles(ctx.siteDir, session?.config);
  // The versioned sidebars of the main docs and of each extra instance.
  const paths = session && sitePaths(session.config, ctx.siteDir);
  const versionedSidebars = session ? [undefined, ...session.config.docsInstances.map((i) => i.id)].map((id) => paths!.versioned(id).versionedSidebars + path.sep) : [];
  if (!session || batch.some((c) => configFiles.includes(c.file) || isSiteDataFile(c.file) || versionedSidebars.some((dir) => c.file.startsWith(dir)))) {
    if (await ctx.reopen()) ctx.send({ type: 'reload', reason: 'site configuration changed' });
    return;
  }
  // The theme's own source, and the site's overrides of its components (src/theme/<Name>).
  const themeDirs = [themeSourceDir(), path.join(ctx.siteDir, 'src', 'theme')].filter((d): d is string => d !== null);
  const themeChanged = batch.some((c) => themeDirs.some((d) => c.file.startsWith(d + path.sep)));
  if (themeChanged) {
    try {
      await session.bundleTheme();
      ctx.problems.clear('theme');
    } catch (error) {
      ctx.problems.set('theme', error);
      return;
    }
    session.content.pages.retryFailed();
    ctx.logger.info(`${green('✔')} theme rebuilt ${dim(formatMs(performance.now() - started))}`);
  }
  // Content saved in the same moment is applied too, so the reload shows it.
  const updates = await applyContentChanges(session, batch);
  const reload = themeChanged ? 'theme changed' : updates.reload;
  if (reload) {
    ctx.send({ type: 'reload', reason: reload });
    return;
  }
  if (updates.routes.length === 0 && updates.removed.length === 0) return;
  trace('update sent');
  ctx.send({ type: 'update', manifest: session.content.revisions.manifestUrl(), routes: updates.routes, removed: updates.removed });
  ctx.check(session, updates.compiled);
  const names = [...new Set(batch.map((c) => path.relative(ctx.siteDir, c.file)))].join(', ');
  ctx.logger.info(`${green('✔')} ${names} ${dim(`${describe(updates.routes, updates.removed)}${formatMs(performance.now() - started)}`)}`);
}

interface ContentUpdates {
  routes: RouteUpdate[];
  removed: string[];
  /** The routes recompiled for this change. */
  compiled: Route[];
  reload?: string;
}

async function applyContentChanges(session: DevSession, batch: FileChange[]): Promise<ContentUpdates> {
  const { content } = session;
  const contentDir = path.join(session.opts.siteDir, session.config.contentDir);
  const inContent = (f: string) => f.startsWith(contentDir + path.sep);
  const isSource = (f: string) => DOC_EXTENSIONS.includes(path.extname(f)) || /\.[jt]sx?$/.test(f);
  // _category_ files and tags.yml change the route table, not one page.
  const isCategory = (f: string) => path.basename(f).startsWith('_category_') || path.basename(f) === 'tags.yml';

  // Anything a compiled page read (an imported component, a partial) makes that page stale.
  const touched = new Map<string, Route>();
  const touch = (r: Route | undefined) => r && touched.set(r.path, r);
  for (const c of batch) for (const p of content.pages.invalidateInputs(c.file)) touch(content.byPath.get(p));

  // Images and static files: pages resolved them while compiling; compile again on demand.
  if (batch.some((c) => inContent(c.file) && !isSource(c.file) && !isCategory(c.file) && !c.event.endsWith('Dir'))) {
    content.pages.clear();
    return { routes: [], removed: [], compiled: [], reload: 'an image or static file changed' };
  }

  let structural = content.broken || batch.some((c) => inContent(c.file) && (c.event !== 'change' || isCategory(c.file)));
  for (const c of batch) {
    if (c.event !== 'change' || !inContent(c.file) || isCategory(c.file)) continue;
    if (DOC_EXTENSIONS.includes(path.extname(c.file))) {
      const result = content.refreshDoc(c.file);
      if (result.kind === 'structure') structural = true;
      if (result.kind === 'text') result.routes.forEach(touch);
    } else {
      // A page component: its cache key follows the file's mtime.
      for (const r of content.table.routes) if (r.source?.kind === 'module' && r.source.page.absolutePath === c.file) touch(r);
    }
  }
  for (const r of touched.values()) content.bump(r);
  trace(`refreshed, ${touched.size} touched, structural ${structural}`);

  const updates = new Map<string, RouteUpdate>();
  let removed: string[] = [];
  if (structural) {
    const change = content.rebuild();
    if (change) {
      for (const u of change.routes) updates.set(u.path, u);
      removed = change.removed;
      // Routes whose file was in the batch are compiled now, so a mistake shows at once.
      const files = new Set(batch.map((c) => c.file));
      for (const r of content.table.routes) if (r.source?.kind === 'mdx' && files.has(r.source.doc.absolutePath)) touch(content.byPath.get(r.path));
    }
  }
  // Compile now: a mistake shows on save, and the browser's request finds the page ready.
  const fresh = [...touched.values()].map((r) => content.byPath.get(r.path)).filter((r): r is Route => r !== undefined);
  await Promise.all(fresh.map((r) => content.page(r).catch(() => undefined)));
  trace('compiled');
  // A page that failed to compile keeps showing its last good state: nothing to update.
  const compiled = fresh.filter((r) => !session.opts.problems.has(`page:${sourceFileOf(r)}`));
  for (const r of compiled) updates.set(r.path, content.update(r));
  return { routes: [...updates.values()], removed, compiled };
}

/** '' for one route (the file names it), else how many routes changed and went. */
function describe(routes: RouteUpdate[], removed: string[]): string {
  const parts: string[] = [];
  if (routes.length > 1) parts.push(`${routes.length} routes updated`);
  if (removed.length) parts.push(`${removed.length} removed`);
  return parts.length ? `${parts.join(', ')}, ` : '';
}

/** Files every page's site data is made from (the interface strings of a locale): as a config change. */
function isSiteDataFile(file: string): boolean {
  return path.basename(file) === 'code.json' && path.basename(path.dirname(path.dirname(file))) === 'i18n';
}
