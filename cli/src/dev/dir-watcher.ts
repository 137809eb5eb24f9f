import { readdirSync, statSync, watch, type Dirent, type FSWatcher } from 'node:fs';
import path from 'node:path';
import { trace } from './trace.js';
import type { FileChange } from './watcher.js';

type Kind = 'file' | 'dir';

interface WatchedDir {
  handle: FSWatcher;
  /** What the folder held when last looked at: a change is told against it. */
  children: Map<string, Kind>;
  /** Only these names matter (a folder watched for some of its files), or all (null). */
  only: Set<string> | null;
}

/** How long addTreeGradually keeps the thread before it lets waiting work run. */
const WALK_SLICE_MS = 5;

/**
 * Watches folders, not files: one `fs.watch` per folder (inotify on Linux reports changes to
 * the files in a watched folder). chokidar watched every file on its own and stat'ed each at
 * start: at 10,000 pages that was 11,000 watches and about a second of the main thread right
 * after the first page, which every save and request then waited behind.
 *
 * A folder's events only mark names as dirty; `flush` stats them and tells what changed
 * against what the folder held. A save is told as soon as the caller flushes; what may be
 * half done (a file gone, an empty file) waits for the caller's settled flush, so an editor's
 * atomic save (delete or rename, then write) is one 'change', as chokidar's `atomic` made it.
 */
export class DirWatcher {
  private readonly dirs = new Map<string, WatchedDir>();
  private readonly dirty = new Map<string, Set<string>>();

  constructor(
    private readonly ignored: (file: string) => boolean,
    /** Called once after a folder's event; the caller calls flush() soon after. */
    private readonly onDirty: () => void,
  ) {}

  /** Watches a folder and everything below it (nothing is reported for what is there now). */
  addTree(dir: string): void {
    if (this.dirs.get(dir)?.only === null) return;
    this.walk(dir, null);
  }

  /**
   * addTree, handing the thread back every few milliseconds: at a start it runs beside the
   * first page, whose compile result waited behind a walk of 1,300 folders (80-100 ms at
   * 10,000 pages) when it came back from the worker during it.
   */
  async addTreeGradually(dir: string, sliceMs = WALK_SLICE_MS): Promise<void> {
    if (this.dirs.get(dir)?.only === null) return;
    const stack = [dir];
    let sliceStart = performance.now();
    while (stack.length) {
      const subdirs: string[] = [];
      this.walkOne(stack.pop()!, null, (sub) => subdirs.push(sub));
      stack.push(...subdirs.reverse());
      if (performance.now() - sliceStart > sliceMs) {
        await new Promise((resolve) => setImmediate(resolve));
        if (this.closed) return;
        sliceStart = performance.now();
      }
    }
  }

  /**
   * Watches for one path that may be a file, a folder, or not exist yet: its parent folder is
   * watched for that name only; a folder appearing there is then watched whole.
   */
  addPath(target: string): void {
    const kind = kindOf(target);
    if (kind === 'dir') return this.addTree(target);
    const parent = path.dirname(target);
    const known = this.dirs.get(parent);
    if (known) {
      if (known.only) known.only.add(path.basename(target));
      if (kind) known.children.set(path.basename(target), kind);
      return;
    }
    if (kindOf(parent) !== 'dir') return;
    const children = new Map<string, Kind>();
    if (kind) children.set(path.basename(target), kind);
    this.open(parent, children, new Set([path.basename(target)]));
  }

  /**
   * What changed in the folders marked dirty since the last flush; or null, with everything
   * kept dirty, while a change may be half done (unless `settled`, after the caller's wait): a
   * watched path gone or of another kind (an editor's save that deletes or renames the file
   * before writing it again, or one side of a move) or an empty file (a save truncates before
   * it writes). A plain save is told at once.
   */
  flush(settled = true): FileChange[] | null {
    const looked = new Map<string, Seen | undefined>();
    const look = (file: string) => {
      if (!looked.has(file)) looked.set(file, seen(file));
      return looked.get(file);
    };
    const named = [...this.dirty].map(([dir, names]) => ({ dir, watched: this.dirs.get(dir), names: this.namesOf(dir, names) }));
    if (!settled) {
      for (const { dir, watched, names } of named) {
        for (const name of names) {
          if (!watched || !this.matters(watched, dir, name)) continue;
          const now = look(path.join(dir, name));
          const before = watched.children.get(name);
          if ((before && before !== now?.kind) || now?.empty) return null;
        }
      }
    }
    this.dirty.clear();
    const changes: FileChange[] = [];
    for (const { dir, watched, names } of named) {
      if (!watched) continue;
      for (const name of names) {
        if (!this.matters(watched, dir, name)) continue;
        const file = path.join(dir, name);
        const before = watched.children.get(name);
        const now = look(file)?.kind;
        if (before && before !== now) {
          watched.children.delete(name);
          changes.push(...this.removed(file, before));
        }
        if (!now) continue;
        if (before === now) {
          if (now === 'file') changes.push({ event: 'change', file });
          continue;
        }
        watched.children.set(name, now);
        if (now === 'file') changes.push({ event: 'add', file });
        else {
          changes.push({ event: 'addDir', file });
          this.walk(file, changes);
        }
      }
    }
    return changes;
  }

  /** The names to look at in a dirty folder (no name: the platform did not say, so all it holds or held). */
  private namesOf(dir: string, names: Set<string>): Set<string> {
    const watched = this.dirs.get(dir);
    return watched && names.has('') ? new Set([...watched.children.keys(), ...listNames(dir)]) : names;
  }

  private matters(watched: WatchedDir, dir: string, name: string): boolean {
    return name !== '' && (!watched.only || watched.only.has(name)) && !this.ignored(path.join(dir, name));
  }

  private closed = false;

  close(): void {
    this.closed = true;
    for (const { handle } of this.dirs.values()) handle.close();
    this.dirs.clear();
    this.dirty.clear();
  }

  /** Watches `dir` and its subfolders; with `report`, their files are reported as added. */
  private walk(dir: string, report: FileChange[] | null): void {
    this.walkOne(dir, report, (sub) => this.walk(sub, report));
  }

  /** Watches one folder and takes in what it holds; each subfolder goes to `subdir` as it is met. */
  private walkOne(dir: string, report: FileChange[] | null, subdir: (dir: string) => void): void {
    const children = new Map<string, Kind>();
    // Watch first, then list: a file created meanwhile is seen by one or the other.
    if (!this.open(dir, children, null)) return;
    for (const entry of listEntries(dir)) {
      const file = path.join(dir, entry.name);
      if (this.ignored(file)) continue;
      // The entry's type comes with the listing; only links need a stat (to what they point at).
      const kind = entry.isSymbolicLink() ? kindOf(file) : entry.isDirectory() ? 'dir' : entry.isFile() ? 'file' : undefined;
      if (!kind) continue;
      const name = entry.name;
      children.set(name, kind);
      if (kind === 'file') report?.push({ event: 'add', file });
      else {
        report?.push({ event: 'addDir', file });
        subdir(file);
      }
    }
  }

  private open(dir: string, children: Map<string, Kind>, only: Set<string> | null): boolean {
    this.dirs.get(dir)?.handle.close();
    let handle: FSWatcher;
    try {
      handle = watch(dir, { persistent: true }, (_event, name) => this.mark(dir, name ? String(name) : ''));
    } catch {
      return false; // gone already, or not readable: its parent reports what becomes of it
    }
    // The folder was deleted (its parent reports that) or became unreadable.
    handle.on('error', () => this.forget(dir));
    this.dirs.set(dir, { handle, children, only });
    return true;
  }

  private mark(dir: string, name: string): void {
    trace(`fs event ${name}`);
    let names = this.dirty.get(dir);
    if (!names) this.dirty.set(dir, (names = new Set()));
    names.add(name);
    this.onDirty();
  }

  /** A path that went away: it, and for a folder everything below it, is reported removed. */
  private removed(file: string, kind: Kind): FileChange[] {
    if (kind === 'file') return [{ event: 'unlink', file }];
    const out: FileChange[] = [];
    const watched = this.dirs.get(file);
    for (const [name, k] of watched?.children ?? []) out.push(...this.removed(path.join(file, name), k));
    this.forget(file);
    out.push({ event: 'unlinkDir', file });
    return out;
  }

  private forget(dir: string): void {
    this.dirs.get(dir)?.handle.close();
    this.dirs.delete(dir);
  }
}

interface Seen {
  kind: Kind;
  /** A file of no bytes: maybe truncated by a save that has not written yet. */
  empty: boolean;
}

function seen(file: string): Seen | undefined {
  const s = statSync(file, { throwIfNoEntry: false });
  if (s?.isDirectory()) return { kind: 'dir', empty: false };
  return s?.isFile() ? { kind: 'file', empty: s.size === 0 } : undefined;
}

function kindOf(file: string): Kind | undefined {
  const s = statSync(file, { throwIfNoEntry: false });
  return s?.isDirectory() ? 'dir' : s?.isFile() ? 'file' : undefined;
}

function listNames(dir: string): string[] {
  return listEntries(dir).map((e) => e.name);
}

function listEntries(dir: string): Dirent[] {
  try {
    return readdirSync(dir, { withFileTypes: true });
  } catch {
    return [];
  }
}
