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

/** How long events are gathered before they are handled together (a rename is unlink + add). */
const BATCH_MS = 5;

/**
 * Watches what a site is made of: content/, site.config.ts and .env, i18n/, the site's own src/
 * (components pages import), and the theme's source. Events are handed over in small
 * batches, one batch at a time: a slow rebuild never overlaps the next one.
 */
export async function watchSite(targets: WatchTargets, onBatch: (changes: FileChange[]) => Promise<void>): Promise<SiteWatcher> {
  let timer: NodeJS.Timeout | null = null;
  let running: Promise<void> = Promise.resolve();
  const flush = () => {
    timer = null;
    // The same file twice in one batch (a write is often two events) is handled once.
    const seen = new Set<string>();
    const batch = watcher.flush().filter((c) => !seen.has(`${c.event}\0${c.file}`) && seen.add(`${c.event}\0${c.file}`));
    for (const c of batch) trace(`watch: ${c.event} ${c.file}`);
    if (batch.length) running = running.then(() => onBatch(batch)).catch((error: unknown) => console.error(`docgen dev: ${(error as Error).stack ?? error}`));
  };
  // Dot files (editor swap files, .git) and dependencies are never site sources; .env is.
  const ignored = (file: string) => {
    const name = path.basename(file);
    return (name.startsWith('.') && name !== '.env') || name === 'node_modules' || name.endsWith('~');
  };
  const watcher = new DirWatcher(ignored, () => (timer ??= setTimeout(flush, BATCH_MS)));
  watcher.addTree(targets.contentDir);
  for (const file of siteConfigFiles(targets.siteDir)) watcher.addPath(file);
  // Docusaurus keeps i18n/<locale>/code.json beside the site's config, outside the content.
  for (const dir of [path.join(targets.siteDir, 'src'), path.join(targets.siteDir, 'i18n'), themeSourceDir()]) if (dir) watcher.addPath(dir);
  return {
    add: (dir) => watcher.addPath(dir),
    close: async () => {
      if (timer) clearTimeout(timer);
      watcher.close();
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
