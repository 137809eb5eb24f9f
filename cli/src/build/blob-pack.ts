import { closeSync, existsSync, fstatSync, mkdirSync, openSync, readdirSync, readFileSync, readSync, renameSync, rmSync, writeFileSync, writeSync } from 'node:fs';
import path from 'node:path';

type Entries = Record<string, [offset: number, length: number]>;
/** `index.json`: which pack file holds the blobs, and where each one is in it. */
interface PackIndex {
  pack: string;
  entries: Entries;
}

/** Past this share of dead bytes (blobs no build uses any more), a pack is rewritten with the live ones only. */
const MAX_DEAD_SHARE = 0.5;
/** Small packs are not worth compacting. */
const MIN_COMPACT_BYTES = 8 * 2 ** 20;

/**
 * A cache of many blobs in one file (`pack-<n>.bin`, with `index.json` in `dir`): thousands
 * of entries as separate files cost a cold build thousands of file creations, which this
 * disk makes slow, and a rebuild as many opens. New blobs are appended to the pack in place;
 * what was there is never overwritten, so the previous index stays true until the new one
 * replaces it (written aside, then renamed). A build keeps the blobs it used (read or put),
 * so the cache holds one build's worth; once dead blobs are half the file, the live ones
 * are copied to a new pack. A failed build leaves the index as it was.
 *
 * One build uses a pack at a time: a second one running at once (a lock file with its pid)
 * gets no cache rather than a corrupt one.
 */
export class BlobPack {
  private readonly entries: Entries = {};
  private readonly used: Entries = {};
  private fd: number | null = null;
  private packName = '';
  private size = 0;

  constructor(private readonly dir: string) {
    mkdirSync(dir, { recursive: true });
    if (!lock(dir)) return;
    const index = readIndex(dir);
    try {
      if (index) {
        this.fd = openSync(path.join(dir, index.pack), 'r+');
        this.entries = index.entries;
        this.packName = index.pack;
      }
    } catch {
      // The pack the index names is gone: start a new one.
    }
    if (this.fd === null) {
      this.packName = nextPackName(index?.pack);
      this.fd = openSync(path.join(dir, this.packName), 'w+');
    }
    // Appending starts at the end of the file: bytes a failed build left there are never reused.
    this.size = fstatSync(this.fd).size;
  }

  /** False when another build holds the pack: nothing is read or kept. */
  get usable(): boolean {
    return this.fd !== null;
  }

  has(name: string): boolean {
    return this.fd !== null && (name in this.used || name in this.entries);
  }

  get(name: string): Buffer | null {
    if (this.fd === null) return null;
    const entry = this.used[name] ?? this.entries[name];
    if (!entry) return null;
    const bytes = read(this.fd, entry);
    if (bytes) this.used[name] = entry;
    return bytes;
  }

  /** Keeps an entry for the next build without reading it; false when there is none. */
  keep(name: string): boolean {
    const entry = this.fd === null ? undefined : this.used[name] ?? this.entries[name];
    if (entry) this.used[name] = entry;
    return entry !== undefined;
  }

  /** Keeps every entry the last build left, besides what this one used. */
  keepAll(): void {
    if (this.fd === null) return;
    for (const [name, entry] of Object.entries(this.entries)) this.used[name] ??= entry;
  }

  /** Stores `bytes` under `name` (replacing what was there: callers put what they could not get). */
  put(name: string, bytes: Uint8Array): void {
    if (this.fd === null) return;
    writeSync(this.fd, bytes, 0, bytes.length, this.size);
    this.used[name] = [this.size, bytes.length];
    this.size += bytes.length;
  }

  /** Records what this build used, compacting the pack when most of it is dead. */
  finish(): void {
    if (this.fd === null) return;
    let live = 0;
    for (const [, length] of Object.values(this.used)) live += length;
    let pack = this.packName;
    let entries = this.used;
    if (this.size > MIN_COMPACT_BYTES && this.size - live > this.size * MAX_DEAD_SHARE) {
      pack = nextPackName(this.packName);
      entries = copyLive(this.fd, path.join(this.dir, pack), this.used);
    }
    closeSync(this.fd);
    this.fd = null;
    writeIndex(this.dir, { pack, entries });
    // Earlier packs (and the loose files of the one-file-per-blob cache earlier builds kept).
    for (const name of readdirSync(this.dir)) if (![pack, 'index.json', 'lock'].includes(name)) rmSync(path.join(this.dir, name), { force: true });
    unlock(this.dir);
  }

  /** A failed build: the index stays as the last good build wrote it (nothing once finished). */
  discard(): void {
    if (this.fd === null) return;
    closeSync(this.fd);
    this.fd = null;
    unlock(this.dir);
  }
}

function read(fd: number, [offset, length]: [number, number]): Buffer | null {
  const buf = Buffer.allocUnsafe(length);
  return readSync(fd, buf, 0, length, offset) === length ? buf : null;
}

function readIndex(dir: string): PackIndex | null {
  try {
    const index = JSON.parse(readFileSync(path.join(dir, 'index.json'), 'utf8')) as PackIndex;
    return typeof index.pack === 'string' && index.entries ? index : null;
  } catch {
    return null; // none yet, unreadable, or an older format: start empty
  }
}

function writeIndex(dir: string, index: PackIndex): void {
  const tmp = path.join(dir, `index.json.${process.pid}`);
  writeFileSync(tmp, JSON.stringify(index));
  renameSync(tmp, path.join(dir, 'index.json'));
}

function nextPackName(previous: string | undefined): string {
  const n = Number(/^pack-(\d+)\.bin$/.exec(previous ?? '')?.[1] ?? 0);
  return `pack-${n + 1}.bin`;
}

/** Copies the blobs in `used` to a new pack file, returning their places there. */
function copyLive(fd: number, file: string, used: Entries): Entries {
  const out = openSync(file, 'w');
  const entries: Entries = {};
  let size = 0;
  for (const [name, entry] of Object.entries(used)) {
    const bytes = read(fd, entry);
    if (!bytes) continue;
    writeSync(out, bytes, 0, bytes.length, size);
    entries[name] = [size, bytes.length];
    size += bytes.length;
  }
  closeSync(out);
  return entries;
}

/** Packs this process holds (a second build in the same process is refused like another process's). */
const held = new Set<string>();

/** Takes the pack for this build, unless a live build holds it. */
function lock(dir: string): boolean {
  const file = path.join(dir, 'lock');
  if (held.has(file)) return false;
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      writeFileSync(file, String(process.pid), { flag: 'wx' });
      held.add(file);
      return true;
    } catch {
      const holder = Number(readFileSafe(file));
      if (holder && holder !== process.pid && alive(holder)) return false;
      rmSync(file, { force: true }); // left by a build that ended without finishing
    }
  }
  return false;
}

function unlock(dir: string): void {
  const file = path.join(dir, 'lock');
  held.delete(file);
  if (existsSync(file) && Number(readFileSafe(file)) === process.pid) rmSync(file, { force: true });
}

function readFileSafe(file: string): string {
  try {
    return readFileSync(file, 'utf8');
  } catch {
    return '';
  }
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}
