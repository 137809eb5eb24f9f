import { watch, type FSWatcher } from 'chokidar';
import { createHash } from 'node:crypto';
import { existsSync, readFileSync, realpathSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { engineDir } from '../bundle/virtual-modules.js';
import { siteConfigFiles } from '../config/load-config.js';
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

/** How long events are gathered before they are handled together (a rename is unlink + add). */
const BATCH_MS = 5;

/**
 * Watches what a site is made of: content/, site.config.ts and .env, i18n/, the site's own src/
 * (components pages import), and the theme's source. Events are handed over in small
 * batches, one batch at a time: a slow rebuild never overlaps the next one.
 */
export async function watchSite(targets: WatchTargets, onBatch: (changes: FileChange[]) => Promise<void>): Promise<FSWatcher> {
  const paths = [
    targets.contentDir,
    ...siteConfigFiles(targets.siteDir),
    path.join(targets.siteDir, 'src'),
    // Docusaurus keeps i18n/<locale>/code.json beside the site's config, outside the content.
    path.join(targets.siteDir, 'i18n'),
    themeSourceDir(),
  ].filter((p, i, all) => p && all.indexOf(p) === i) as string[];
  const watcher = watch(paths, {
    ignoreInitial: true,
    // Dot files (editor swap files, .git) and dependencies are never site sources; .env is.
    ignored: (file) => {
      const name = path.basename(file);
      return (name.startsWith('.') && name !== '.env') || name === 'node_modules' || name.endsWith('~');
    },
  });
  let pending: FileChange[] = [];
  let timer: NodeJS.Timeout | null = null;
  let running: Promise<void> = Promise.resolve();
  const flush = () => {
    timer = null;
    const batch = pending;
    pending = [];
    running = running.then(() => onBatch(batch)).catch((error: unknown) => console.error(`docgen dev: ${(error as Error).stack ?? error}`));
  };
  const push = (change: FileChange) => {
    pending.push(change);
    timer ??= setTimeout(flush, BATCH_MS);
  };
  const recheck = new Rechecker(push);
  watcher.on('all', (event, file) => {
    const change = { event: event as ChangeEvent, file: path.resolve(file) };
    trace(`watch: ${event} ${file}`);
    push(change);
    if (event === 'change') recheck.schedule(change.file);
  });
  await new Promise<void>((resolve, reject) => {
    watcher.once('ready', resolve);
    watcher.once('error', reject);
  });
  return watcher;
}

/** chokidar's throttle window for 'change' events of one file (see Rechecker). */
const CHOKIDAR_CHANGE_THROTTLE_MS = 50;

/**
 * chokidar drops a 'change' that follows another one of the same file within 50 ms (a
 * leading-edge throttle, no trailing event), so a quick second save would be lost. After
 * each change, the file is read again once that window has passed; if it differs from what
 * it was when the change was reported, a change is reported again.
 */
class Rechecker {
  private readonly timers = new Map<string, NodeJS.Timeout>();

  constructor(private readonly push: (change: FileChange) => void) {}

  schedule(file: string): void {
    const seen = fingerprint(file);
    clearTimeout(this.timers.get(file));
    const timer = setTimeout(() => {
      this.timers.delete(file);
      if (fingerprint(file) === seen) return;
      this.push({ event: 'change', file });
      this.schedule(file);
    }, CHOKIDAR_CHANGE_THROTTLE_MS + 10);
    timer.unref();
    this.timers.set(file, timer);
  }
}

/** The file's content hash (mtime alone is too coarse: two saves can share a timestamp). */
function fingerprint(file: string): string {
  try {
    return createHash('sha1').update(readFileSync(file)).digest('base64');
  } catch {
    return 'gone';
  }
}

/** The theme package's source folder (a workspace link in this repository, so edits there rebuild it). */
export function themeSourceDir(): string | null {
  try {
    const entry = createRequire(path.join(engineDir(), 'package.json')).resolve('@docgen/theme');
    const dir = realpathSync(path.dirname(entry));
    return existsSync(dir) ? dir : null;
  } catch {
    return null;
  }
}
