import { closeSync, existsSync, mkdirSync, openSync, readdirSync, readFileSync, readSync, renameSync, rmSync, writeFileSync, writeSync } from 'node:fs';
import path from 'node:path';

type Index = Record<string, [offset: number, length: number]>;

/**
 * A cache of many small blobs in one file (`pack.bin` + `index.json` in `dir`): thousands of
 * compressed copies as separate files cost a cold build thousands of file creations, which
 * this disk makes slow. A build reads what it needs from the previous pack and appends every
 * blob it uses, old or new, to a new pack, which replaces the old one when the build ends:
 * the pack holds one build's worth, as the other caches do.
 */
export class BlobPack {
  private readonly index: Index;
  private readonly oldFd: number | null;
  private readonly newFd: number;
  private readonly newIndex: Index = {};
  private size = 0;

  constructor(private readonly dir: string) {
    mkdirSync(dir, { recursive: true });
    let index: Index = {};
    let fd: number | null = null;
    try {
      index = JSON.parse(readFileSync(path.join(dir, 'index.json'), 'utf8')) as Index;
      fd = openSync(path.join(dir, 'pack.bin'), 'r');
    } catch {
      index = {}; // none yet, or unreadable: start empty
    }
    this.index = index;
    this.oldFd = fd;
    this.newFd = openSync(path.join(dir, 'pack.new'), 'w+');
  }

  get(name: string): Buffer | null {
    const done = this.newIndex[name];
    if (done) return this.read(this.newFd, done);
    const entry = this.index[name];
    if (!entry || this.oldFd === null) return null;
    const bytes = this.read(this.oldFd, entry);
    if (bytes) this.put(name, bytes);
    return bytes;
  }

  put(name: string, bytes: Uint8Array): void {
    if (this.newIndex[name]) return;
    writeSync(this.newFd, bytes, 0, bytes.length, this.size);
    this.newIndex[name] = [this.size, bytes.length];
    this.size += bytes.length;
  }

  /** The new pack replaces the old one (the index last, so a crash leaves no index to a wrong pack). */
  finish(): void {
    if (this.oldFd !== null) closeSync(this.oldFd);
    closeSync(this.newFd);
    rmSync(path.join(this.dir, 'index.json'), { force: true });
    renameSync(path.join(this.dir, 'pack.new'), path.join(this.dir, 'pack.bin'));
    writeFileSync(path.join(this.dir, 'index.json'), JSON.stringify(this.newIndex));
    // Loose files of the one-file-per-blob cache earlier builds kept.
    for (const name of readdirSync(this.dir)) if (!['pack.bin', 'index.json'].includes(name)) rmSync(path.join(this.dir, name), { force: true });
  }

  /** A failed build keeps the previous pack. */
  discard(): void {
    if (this.oldFd !== null) closeSync(this.oldFd);
    closeSync(this.newFd);
    if (existsSync(path.join(this.dir, 'pack.new'))) rmSync(path.join(this.dir, 'pack.new'), { force: true });
  }

  private read(fd: number, [offset, length]: [number, number]): Buffer | null {
    const buf = Buffer.allocUnsafe(length);
    return readSync(fd, buf, 0, length, offset) === length ? buf : null;
  }
}
