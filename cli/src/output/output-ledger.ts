import { createHash } from 'node:crypto';
import { closeSync, copyFileSync, existsSync, mkdirSync, openSync, readdirSync, readFileSync, readSync, renameSync, rmdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { WriteQueue } from '../utils/write-queue.js';
import { contentKey } from './content-key.js';
import { scanOutput, type ScannedFile } from './output-scan.js';

/**
 * What a build left in its output folder, kept in `.docgen/cache/output-<hash of outDir>.json`:
 * each file's content key with the size and mtime it had when written. A rebuild compares
 * what it makes with this record and writes only what differs; everything else stays where
 * it is. Creating files dominates a rebuild on a slow disk (10,000 pages make 30,000 files
 * with their compressed copies), and most builds change a few pages.
 *
 * Safety is the same as a fresh staging folder: new and changed files are staged beside the
 * output and moved in only after every stage succeeded. The record is deleted before the
 * output is touched and written after, so a crash in between makes the next build a full one.
 */
type Entry = [key: string, size: number, mtimeMs: number];
interface LedgerFile {
  outDir: string;
  files: Record<string, Entry>;
}

export class OutputLedger {
  /** Files of the previous build still exactly as it wrote them (null: none to reuse). */
  private readonly previous: Map<string, Entry> | null;
  /** Files in the output folder that no record accounts for (removed when applying). */
  private readonly strays: string[] = [];
  /** This build's files: content key, and whether it was staged (false: kept in place). */
  private readonly entries = new Map<string, { key: string; staged: boolean }>();
  private readonly queue = new WriteQueue();
  kept = 0;
  /** Called with each new or changed file as it is written (the build compresses it meanwhile). */
  onStaged: ((rel: string, contents: Uint8Array, key: string) => void) | null = null;

  constructor(
    readonly staging: string,
    private readonly outDir: string,
    private readonly recordFile: string | null,
    /** The output folder's files, listed beforehand (scanOutputBeside); listed here when not given. */
    scanned?: ScannedFile[] | null,
  ) {
    this.previous = recordFile ? this.readPrevious(recordFile, scanned) : null;
  }

  /** Whether a file of the previous build is reused, so its derived files can be too. */
  isKept(rel: string): boolean {
    const e = this.entries.get(rel);
    return e !== undefined && !e.staged;
  }

  /** The previous build had this file (as it wrote it), e.g. a compressed copy. */
  hadBefore(rel: string): boolean {
    return this.previous?.has(rel) ?? false;
  }

  /** Keeps a file of the previous build without knowing its content (derived from a kept file). */
  keep(rel: string): void {
    const prev = this.previous?.get(rel);
    if (!prev) throw new Error(`internal: ${rel} was not in the previous output`);
    this.entries.set(rel, { key: prev[0], staged: false });
    this.kept++;
  }

  /**
   * Keeps a file the previous build left with content `key` (the key `write` gives those
   * bytes), without its bytes: false when the previous output has no such file.
   */
  keepIfUnchanged(rel: string, key: string): boolean {
    if (this.previous?.get(rel)?.[0] !== key) return false;
    this.put(rel, key, () => {
      throw new Error(`internal: ${rel} was in the previous output`);
    });
    return true;
  }

  /** The key `write` records for these bytes. */
  static keyOf(bytes: Uint8Array): string {
    return contentKey(bytes);
  }

  /** The content key the previous build's file at `rel` had, or null (none, or no record). */
  previousKey(rel: string): string | null {
    return this.previous?.get(rel)?.[0] ?? null;
  }

  /** The previous build's content keys of the files whose path starts with `prefix`. */
  previousKeys(prefix: string): Record<string, string> {
    const keys: Record<string, string> = {};
    for (const [rel, [key]] of this.previous ?? []) if (rel.startsWith(prefix)) keys[rel] = key;
    return keys;
  }

  /**
   * Records a file another thread wrote into the staging folder, or left unwritten because
   * the previous build's file has the same key (see previousKey).
   */
  recordWritten(rel: string, key: string, written: boolean): void {
    if (written !== (this.previousKey(rel) !== key)) throw new Error(`internal: ${rel} was ${written ? 'written though unchanged' : 'not written though changed'}`);
    this.put(rel, key, () => undefined);
  }

  /** Writes a file (the key of its bytes is returned), or keeps it when the previous build wrote the same. */
  write(rel: string, contents: string | Uint8Array): string {
    // Encoded once, then hashed, written and compressed as the same bytes: hashing a string
    // encodes it to UTF-8 anyway, so a page written was encoded twice (10% of a 10,000-page
    // render's main thread went to encoding and hashing).
    const bytes = typeof contents === 'string' ? Buffer.from(contents) : contents;
    const key = OutputLedger.keyOf(bytes);
    this.put(rel, key, (abs) => {
      this.queue.write(abs, bytes);
      this.onStaged?.(rel, bytes, key);
    });
    return key;
  }

  /** A copy keyed by its source's identity: static files can be large, and are not read when unchanged. */
  copy(rel: string, from: string): void {
    const st = statSync(from);
    this.put(rel, `file:${from}:${st.size}:${st.mtimeMs}`, (abs) => {
      mkdirSync(path.dirname(abs), { recursive: true });
      copyFileSync(from, abs);
    });
  }

  /** Every file of this build, relative to the output root. */
  files(): string[] {
    return [...this.entries.keys()];
  }

  /** Waits until every staged file is on disk (before reading staged files back). */
  flush(): Promise<void> {
    return this.queue.flush();
  }

  /** Where a file of this build can be read (staged or still in the output folder), once flushed. */
  pathOf(rel: string): string {
    return path.join(this.entries.get(rel)?.staged === false ? this.outDir : this.staging, rel);
  }

  /** Makes the output folder hold exactly this build's files. */
  async apply(swapWhole: (staging: string, outDir: string) => void): Promise<void> {
    await this.flush();
    if (this.recordFile) rmSync(this.recordFile, { force: true });
    if (this.previous === null) swapWhole(this.staging, this.outDir);
    else this.applyChanges();
    this.writeRecord();
  }

  private put(rel: string, key: string, writeTo: (abs: string) => void) {
    if (this.previous?.get(rel)?.[0] === key) {
      if (!this.entries.has(rel)) this.kept++;
      this.entries.set(rel, { key, staged: false });
      return;
    }
    writeTo(path.join(this.staging, rel));
    this.entries.set(rel, { key, staged: true });
  }

  private applyChanges() {
    const touchedDirs = new Set<string>();
    for (const [rel, e] of this.entries) {
      if (!e.staged) continue;
      const abs = path.join(this.outDir, rel);
      mkdirSync(path.dirname(abs), { recursive: true });
      renameSync(path.join(this.staging, rel), abs);
    }
    // A stray this build wrote again was just replaced by the staged file.
    const gone = [...this.strays, ...this.previous!.keys()].filter((rel) => !this.entries.has(rel));
    for (const rel of gone) {
      rmSync(path.join(this.outDir, rel), { force: true, recursive: true });
      touchedDirs.add(path.dirname(rel));
    }
    removeEmptyDirs(this.outDir, touchedDirs);
    rmSync(this.staging, { recursive: true, force: true });
  }

  private writeRecord() {
    if (!this.recordFile) return;
    const files: Record<string, Entry> = {};
    for (const [rel, e] of this.entries) {
      const prev = this.previous?.get(rel);
      if (!e.staged && prev) files[rel] = prev;
      else {
        const st = statSync(path.join(this.outDir, rel));
        files[rel] = [e.key, st.size, st.mtimeMs];
      }
    }
    mkdirSync(path.dirname(this.recordFile), { recursive: true });
    writeFileSync(this.recordFile, JSON.stringify({ outDir: this.outDir, files } satisfies LedgerFile));
    dropRecordsOfRemovedOutputs(path.dirname(this.recordFile));
  }

  /** The record, minus files changed since; null when there is no output or no record of it. */
  private readPrevious(recordFile: string, scanned: ScannedFile[] | null | undefined): Map<string, Entry> | null {
    if (!existsSync(this.outDir)) return null;
    let record: LedgerFile;
    try {
      record = JSON.parse(readFileSync(recordFile, 'utf8')) as LedgerFile;
    } catch {
      return null;
    }
    if (record.outDir !== this.outDir) return null;
    const valid = new Map<string, Entry>();
    for (const [rel, size, mtimeMs] of scanned ?? scanOutput(this.outDir)) {
      const known = record.files[rel];
      if (known && size === known[1] && mtimeMs === known[2]) valid.set(rel, known);
      else this.strays.push(rel);
    }
    return valid;
  }
}

/** Removes the folders left empty by removed files, deepest first, up to the output root. */
function removeEmptyDirs(root: string, dirs: Set<string>) {
  const all = new Set<string>();
  for (let dir of dirs) {
    while (dir && dir !== '.' && !all.has(dir)) {
      all.add(dir);
      dir = path.dirname(dir);
    }
  }
  for (const dir of [...all].sort((a, b) => b.length - a.length)) {
    try {
      rmdirSync(path.join(root, dir));
    } catch {
      // not empty (or already gone)
    }
  }
}

/**
 * A record per output folder ever built into (tests and scripts build into temporary
 * folders): the records of folders that no longer exist are dropped, or they pile up.
 * `outDir` is the record's first field, so a few bytes name it.
 */
function dropRecordsOfRemovedOutputs(cacheDir: string) {
  for (const name of readdirSync(cacheDir)) {
    if (!/^output-[0-9a-f]{16}\.json$/.test(name)) continue;
    const file = path.join(cacheDir, name);
    const outDir = recordedOutDir(file);
    if (outDir !== null && !existsSync(outDir)) rmSync(file, { force: true });
  }
}

function recordedOutDir(file: string): string | null {
  const head = Buffer.alloc(4096);
  let fd: number | null = null;
  try {
    fd = openSync(file, 'r');
    const text = head.subarray(0, readSync(fd, head, 0, head.length, 0)).toString('utf8');
    const m = /^\{"outDir":("(?:[^"\\]|\\.)*")/.exec(text);
    return m ? (JSON.parse(m[1]) as string) : null;
  } catch {
    return null;
  } finally {
    if (fd !== null) closeSync(fd);
  }
}

/** Where the record of an output folder lives in the cache. */
export function ledgerFile(cacheDir: string, outDir: string): string {
  return path.join(cacheDir, `output-${createHash('sha1').update(outDir).digest('hex').slice(0, 16)}.json`);
}
