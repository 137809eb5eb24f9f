import { contentKey } from '../output/content-key.js';
import { readFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import path from 'node:path';
import { brotliAsync, brotliSync, gzipAsync, gzipSyncFor, isCompressible, isPerRoute, MIN_COMPRESS_BYTES } from '../output/compression.js';
import type { OutputLedger } from '../output/output-ledger.js';
import { Pool } from '../utils/pool.js';
import { BlobPack } from './blob-pack.js';

/**
 * Precompressed copies of the build's shared scripts and styles (`x.js.br`, `x.js.gz` beside
 * `x.js`), which `docgen serve` sends to browsers that accept them: every page loads them, so
 * they are compressed hard once. Pages, their data and route chunks (nearly all the files of a
 * large site, and a quarter of a 1000-page build's CPU when they were precompressed too) are
 * compressed by `docgen serve` when first sent (see output/compression.ts).
 *
 * Compression is deterministic (gzip writes no name or time), so a rebuild writes the same
 * bytes; each result is kept in `<cacheDir>/compress` (one pack file, see BlobPack) by content,
 * so an unchanged file is not compressed again. Files are compressed as they are written
 * (`add`), on libuv's thread pool, while the main thread goes on.
 */
/** Past this many files waiting, the writer compresses one itself: memory stays bounded. */
const MAX_WAITING = 256;

type Job = { rel: string; body: Uint8Array; key: string };

export class Precompressor {
  private readonly done = new Set<string>();
  private readonly cache: BlobPack | null;
  /** A few files in flight per core keep every core busy; thousands at once (each encoder with its own window) took gigabytes. */
  private readonly pool = new Pool<Job>(availableParallelism(), (job) => this.compress(job));
  private output: OutputLedger | null = null;

  constructor(cacheDir: string | null) {
    this.cache = cacheDir ? new BlobPack(path.join(cacheDir, 'compress')) : null;
  }

  /**
   * Starts compressing a file just written to `output` (only text files of some size are).
   * `key` names its content (the output ledger's hash of it, so it is hashed once).
   */
  add(output: OutputLedger, rel: string, contents: Uint8Array, key = contentKey(contents)): void {
    if (!isPrecompressed(rel) || this.done.has(rel)) return;
    this.output = output;
    this.done.add(rel);
    if (contents.length < MIN_COMPRESS_BYTES) return;
    this.pool.push({ rel, body: contents, key });
    while (this.pool.waiting.length > MAX_WAITING) {
      const { rel: r, body: b, key: k } = this.pool.waiting.shift()!;
      this.emit(r, b, this.cachedSync(`${k}.br${tier(r)}`, () => brotliSync(r, b)), this.cachedSync(`${k}.gz${tier(r)}`, () => gzipSyncFor(r, b)));
    }
  }

  /**
   * Compresses what was not added while written (copied static files), keeps the copies of
   * files the previous build left in place, and waits for everything. Returns how many files
   * have compressed copies.
   */
  async finish(output: OutputLedger): Promise<number> {
    this.output = output;
    await output.flush();
    const files = output.files().filter(isPrecompressed);
    for (const rel of files) {
      if (this.done.has(rel)) continue;
      // A file the previous build wrote and this one kept has its compressed copies beside it.
      if (output.isKept(rel)) {
        for (const copy of [`${rel}.br`, `${rel}.gz`]) if (output.hadBefore(copy)) output.keep(copy);
        continue;
      }
      this.add(output, rel, readFileSync(output.pathOf(rel)));
    }
    await this.pool.settled();
    this.cache?.finish();
    return files.length;
  }

  /** A failed build: drops what waits and lets what runs end, so nothing is written after. */
  async stop(): Promise<void> {
    await this.pool.drain();
    this.cache?.discard();
  }

  private async compress({ rel, body, key }: Job) {
    const [br, gzipped] = await Promise.all([
      this.cached(`${key}.br${tier(rel)}`, () => brotliAsync(rel, body)),
      this.cached(`${key}.gz${tier(rel)}`, () => gzipAsync(rel, body)),
    ]);
    this.emit(rel, body, br, gzipped);
  }

  private emit(rel: string, body: Uint8Array, br: Buffer, gzipped: Buffer) {
    // A copy no smaller than the file is useless: the server would send the file anyway.
    if (br.length < body.length) this.output!.write(`${rel}.br`, br);
    if (gzipped.length < body.length) this.output!.write(`${rel}.gz`, gzipped);
  }

  private async cached(name: string, make: () => Promise<Buffer>): Promise<Buffer> {
    return this.fromCache(name) ?? this.store(name, await make());
  }

  private cachedSync(name: string, make: () => Buffer): Buffer {
    return this.fromCache(name) ?? this.store(name, make());
  }

  private fromCache(name: string): Buffer | null {
    return this.cache?.get(name) ?? null;
  }

  private store(name: string, bytes: Buffer): Buffer {
    this.cache?.put(name, bytes);
    return bytes;
  }
}

/** Cached copies are named by content and settings: the same bytes may be compressed both ways. */
const tier = (file: string) => (isPerRoute(file) ? '-r' : '-s');

/** Shared scripts and styles; everything else is compressed by the server as it is sent. */
function isPrecompressed(rel: string): boolean {
  return isCompressible(rel) && !isPerRoute(rel);
}
