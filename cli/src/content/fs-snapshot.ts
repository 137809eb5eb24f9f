import { readdirSync, statSync } from 'node:fs';
import path from 'node:path';

/**
 * A listing of content folders with the size and mtime of their markdown, page and category
 * files, taken on a worker thread while `docgen dev` loads its config: at 10,000 pages, the
 * folder walk and a stat of every doc were a fifth of a start's main thread (dev/prescan.ts).
 * The route table's first build reads it instead of the disk; what it does not cover (a folder
 * it did not walk, a file of another kind) is read from the disk as before.
 */
export interface FsView {
  /** A folder's entries sorted by name; null: it does not exist; undefined: not covered. */
  list(dir: string): readonly SnapshotEntry[] | null | undefined;
  /** A file's size and mtime; null: it does not exist; undefined: not covered. */
  stat(file: string): { size: number; mtimeMs: number } | null | undefined;
  /** Folders scanFiles started a walk from (what the next start's snapshot walks). */
  readonly scanned: Set<string>;
}

export interface SnapshotEntry {
  name: string;
  dir: boolean;
  /** -1: not stat'ed (a kind of file not asked for); -2: the stat failed (a broken link). */
  size: number;
  mtimeMs: number;
}

/** What the walk sends from the worker: few objects, so the copy to the main thread is cheap. */
export interface SnapshotMessage {
  roots: string[];
  /** Every folder walked; `count[i]` of the entries are its own, in order. Missing roots count -1. */
  dirs: string[];
  counts: number[];
  /** Entry names joined by NUL (a character no file name holds). */
  names: string;
  /** Per entry: is a folder (1/0), size, mtimeMs. */
  nums: Float64Array;
}

/** The same order as scanFiles (UTF-16 code units). */
const byName = (a: string, b: string) => (a < b ? -1 : 1);
/** Folders scanFiles never enters. */
const skipped = (name: string) => name.startsWith('_') || name.startsWith('.') || name === 'node_modules';

/**
 * Walks `roots`, stat'ing files with one of `extensions` and `_category_` files. A folder that
 * cannot be read for another reason than not existing is left out: whoever reads it meets the
 * error itself.
 */
export function walkSnapshot(roots: string[], extensions: string[]): SnapshotMessage {
  const dirs: string[] = [];
  const counts: number[] = [];
  const names: string[] = [];
  const nums: number[] = [];
  const seen = new Set<string>();
  const walk = (dir: string) => {
    if (seen.has(dir)) return;
    seen.add(dir);
    let entries;
    try {
      entries = readdirSync(dir, { withFileTypes: true });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') (dirs.push(dir), counts.push(-1));
      return;
    }
    entries.sort((a, b) => byName(a.name, b.name));
    dirs.push(dir);
    counts.push(entries.length);
    const sub: string[] = [];
    for (const entry of entries) {
      const isDir = entry.isDirectory();
      names.push(entry.name);
      const file = `${dir}${path.sep}${entry.name}`;
      if (isDir) {
        nums.push(1, -1, 0);
        if (!skipped(entry.name)) sub.push(file);
      } else if (extensions.includes(path.extname(entry.name)) || entry.name.startsWith('_category_.')) {
        const st = statSync(file, { throwIfNoEntry: false });
        nums.push(0, st ? st.size : -2, st ? st.mtimeMs : 0);
      } else nums.push(0, -1, 0);
    }
    for (const d of sub) walk(d);
  };
  for (const root of roots) walk(path.resolve(root));
  return { roots, dirs, counts, names: names.join('\0'), nums: Float64Array.from(nums) };
}

/** A walk's result, looked up by folder and file. */
export class FsSnapshot implements FsView {
  private readonly dirs = new Map<string, SnapshotEntry[] | null>();
  readonly scanned = new Set<string>();

  constructor(message?: SnapshotMessage) {
    if (!message) return;
    const names = message.names.split('\0');
    const { nums } = message;
    let k = 0;
    message.dirs.forEach((dir, i) => {
      const count = message.counts[i];
      if (count < 0) return void this.dirs.set(dir, null);
      const entries: SnapshotEntry[] = new Array(count);
      for (let j = 0; j < count; j++, k++) entries[j] = { name: names[k], dir: nums[3 * k] === 1, size: nums[3 * k + 1], mtimeMs: nums[3 * k + 2] };
      this.dirs.set(dir, entries);
    });
  }

  list(dir: string): readonly SnapshotEntry[] | null | undefined {
    return this.dirs.has(dir) ? this.dirs.get(dir) : this.dirs.get(path.resolve(dir));
  }

  stat(file: string): { size: number; mtimeMs: number } | null | undefined {
    const entry = (this.files ??= this.indexFiles()).get(file);
    if (entry !== undefined) return entry.size === -2 ? null : entry.size === -1 ? undefined : entry;
    // Not a file of a walked folder: missing, unless it is a folder (whose stat is not kept).
    const cut = file.lastIndexOf(path.sep);
    const entries = this.dirs.get(file.slice(0, cut));
    if (entries === undefined) return undefined;
    const name = file.slice(cut + 1);
    return entries?.some((e) => e.dir && e.name === name) ? undefined : null;
  }

  /** Files by path, made once: a lookup per doc (10,000 at a start) is then one hash. */
  private files: Map<string, SnapshotEntry> | null = null;
  private indexFiles(): Map<string, SnapshotEntry> {
    const files = new Map<string, SnapshotEntry>();
    for (const [dir, entries] of this.dirs) for (const e of entries ?? []) if (!e.dir) files.set(`${dir}${path.sep}${e.name}`, e);
    return files;
  }
}

/** Whether `file` exists, as far as the view knows (undefined: ask the disk). */
export function viewHas(view: FsView, file: string): boolean | undefined {
  const dir = path.dirname(file);
  const entries = view.list(dir);
  if (entries === undefined) return undefined;
  if (entries === null) return false;
  const name = path.basename(file);
  const entry = entries.find((e) => e.name === name);
  if (!entry) return false;
  return entry.dir || view.stat(file) !== null;
}
