import { existsSync, realpathSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { engineDir } from '../bundle/virtual-modules.js';
import { siteConfigFiles } from '../config/load-config.js';
import { DirWatcher } from './dir-watcher.js';
import { trace } from './trace.js';

export type ChangeEvent = 'add' | 'change' | 'unlink' | 'addDir' | 'unlinkDir';

export interface FileChange {
  event: ChangeEvent;
  /** Absolute path. */
  file: string;
}

export interface WatchTargets {
  siteDir: string;
  contentDir: string;
}

export interface SiteWatcher {
  /** Watches one more folder (a config change moved the content). */
  add(dir: string): void;
  close(): Promise<void>;
}

/**
 * How long a change that may be half done (a file gone, an empty file) waits to settle before
 * it is told as it is then: an editor that renames or deletes a file and writes it again does
 * so within a few milliseconds, and a move is an unlink and an add told together.
 */
const SETTLE_MS = 50;

/**
 * Watches what a site is made of: content/, site.config.ts and .env, i18n/, the site's own src/
 * (components pages import), and the theme's source. Events are handed over in batches, one
 * batch at a time: a slow rebuild never overlaps the next one. A plain save is handed over at
 * the next turn of the event loop (it used to wait 5 ms, a sixth of a save's budget); events
 * that came together are one batch.
 */
export async function watchSite(targets: WatchTargets, onBatch: (changes: FileChange[]) => Promise<void>): Promise<SiteWatcher> {
  let running: Promise<void> = Promise.resolve();
  const flushes = flushScheduler((settled) => watcher.flush(settled), (changes) => {
    // The same file twice in one batch is handled once.
    const seen = new Set<string>();
    const batch = changes.filter((c) => !seen.has(`${c.event}\0${c.file}`) && seen.add(`${c.event}\0${c.file}`));
    for (const c of batch) trace(`watch: ${c.event} ${c.file}`);
    if (batch.length) running = running.then(() => onBatch(batch)).catch((error: unknown) => console.error(`docgen dev: ${(error as Error).stack ?? error}`));
  });
  // Dot files (editor swap files, .git) and dependencies are never site sources; .env is.
  const ignored = (file: string) => {
    const name = path.basename(file);
    return (name.startsWith('.') && name !== '.env') || name === 'node_modules' || name.endsWith('~');
  };
  const watcher = new DirWatcher(ignored, flushes.dirty);
  await watcher.addTreeGradually(targets.contentDir);
  for (const file of siteConfigFiles(targets.siteDir)) watcher.addPath(file);
  // Docusaurus keeps i18n/<locale>/code.json beside the site's config, outside the content.
  for (const dir of [path.join(targets.siteDir, 'src'), path.join(targets.siteDir, 'i18n'), themeSourceDir()]) if (dir) watcher.addPath(dir);
  return {
    add: (dir) => watcher.addPath(dir),
    close: async () => {
      flushes.close();
      watcher.close();
    },
  };
}

/**
 * When a DirWatcher's changes are taken: at the next turn of the event loop after an event,
 * so events that came together are one batch; while a change may be half done (flush gives
 * null), again at the next event, or as they are once `settleMs` have passed.
 */
export function flushScheduler(flush: (settled: boolean) => FileChange[] | null, deliver: (changes: FileChange[]) => void, settleMs = SETTLE_MS) {
  let soon: NodeJS.Immediate | null = null;
  let settle: NodeJS.Timeout | null = null;
  const take = (settled: boolean) => {
    soon = null;
    const changes = flush(settled);
    if (!changes) return void (settle ??= setTimeout(() => take(true), settleMs));
    if (settle) clearTimeout(settle);
    settle = null;
    deliver(changes);
  };
  return {
    dirty: () => void (soon ??= setImmediate(() => take(false))),
    close: () => {
      if (soon) clearImmediate(soon);
      if (settle) clearTimeout(settle);
    },
  };
}

/** The theme package's source folder (a workspace link in this repository, so edits there rebuild it). */
export function themeSourceDir(): string | null {
  // Asked at every batch of changes: resolving it cost a save half a millisecond.
  if (themeDir === undefined) themeDir = findThemeSourceDir();
  return themeDir;
}

let themeDir: string | null | undefined;

function findThemeSourceDir(): string | null {
  try {
    const entry = createRequire(path.join(engineDir(), 'package.json')).resolve('@docgen/theme');
    const dir = realpathSync(path.dirname(entry));
    return existsSync(dir) ? dir : null;
  } catch {
    return null;
  }
}
