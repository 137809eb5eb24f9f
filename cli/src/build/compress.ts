import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, brotliCompressSync, constants, gzip, gzipSync, type BrotliOptions } from 'node:zlib';
import type { OutputLedger } from '../output/output-ledger.js';
import { Pool } from '../utils/pool.js';
import { BlobPack } from './blob-pack.js';

/**
 * Precompressed copies of the build's text files (`x.js.br`, `x.js.gz` beside `x.js`), which
 * `docgen serve` sends to browsers that accept them: compressing once at build time lets the
 * best settings be used and costs the server nothing per request. Compression is
 * deterministic (gzip writes no name or time), so a rebuild writes the same bytes; each result
 * is kept in `<cacheDir>/compress` (one pack file, see BlobPack) by content, so an unchanged file is
 * not compressed again.
 *
 * Files are compressed as they are written (`add`), on libuv's thread pool, while the main
 * thread goes on rendering: the core the render leaves idle does the compressing.
 */
const TEXT = new Set(['.html', '.js', '.mjs', '.css', '.json', '.svg', '.txt', '.xml']);
/** Below this a compressed copy saves less than its headers cost. */
const MIN_BYTES = 1024;
/** Past this many files waiting, the writer compresses one itself: memory stays bounded. */
const MAX_WAITING = 256;
const brotli = promisify(brotliCompress);
const gz = promisify(gzip);
/** The smallest window that holds the whole file: a 32 KB file needs no 4 MB window, whose set-up costs every call. */
const windowBits = (body: Uint8Array, min: number, max: number) => Math.max(min, Math.min(max, Math.ceil(Math.log2(body.length + 1))));
const brotliOptions = (rel: string, body: Uint8Array): BrotliOptions => ({
  params: {
    [constants.BROTLI_PARAM_QUALITY]: perRoute(rel) ? 4 : 8,
    [constants.BROTLI_PARAM_SIZE_HINT]: body.length,
    [constants.BROTLI_PARAM_LGWIN]: windowBits(body, constants.BROTLI_MIN_WINDOW_BITS, constants.BROTLI_MAX_WINDOW_BITS),
  },
});
/** gzip serves only clients without brotli; level 4 is a third faster than 6 for 4% more bytes. */
const gzipOptions = (rel: string, body: Uint8Array) => ({ level: perRoute(rel) ? 4 : 6, windowBits: windowBits(body, 9, 15) });

type Job = { rel: string; body: Uint8Array; key: string };
const keyOf = (body: Uint8Array) => `sha1:${createHash('sha1').update(body).digest('base64')}`;

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
  add(output: OutputLedger, rel: string, contents: Uint8Array, key = keyOf(contents)): void {
    if (!isText(rel) || this.done.has(rel)) return;
    this.output = output;
    this.done.add(rel);
    if (contents.length < MIN_BYTES) return;
    this.pool.push({ rel, body: contents, key });
    while (this.pool.waiting.length > MAX_WAITING) {
      const { rel: r, body: b, key: k } = this.pool.waiting.shift()!;
      this.emit(r, b, this.cachedSync(`${k}.br${tier(r)}`, () => brotliCompressSync(b, brotliOptions(r, b))), this.cachedSync(`${k}.gz${tier(r)}`, () => gzipSync(b, gzipOptions(r, b))));
    }
  }

  /**
   * Compresses what was not added while written (copied static files), keeps the copies of
   * files the previous build left in place, and waits for everything. Returns the text files.
   */
  async finish(output: OutputLedger): Promise<number> {
    this.output = output;
    await output.flush();
    const files = output.files().filter(isText);
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
      this.cached(`${key}.br${tier(rel)}`, () => brotli(body, brotliOptions(rel, body))),
      this.cached(`${key}.gz${tier(rel)}`, () => gz(body, gzipOptions(rel, body))),
    ]);
    this.emit(rel, body, br, gzipped);
  }

  private emit(rel: string, body: Uint8Array, br: Buffer, gzipped: Buffer) {
    // A copy no smaller than the file is useless: the server would send the file anyway.
    if (br.length < body.length) this.output!.write(`${rel}.br`, ownBytes(br));
    if (gzipped.length < body.length) this.output!.write(`${rel}.gz`, ownBytes(gzipped));
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

/**
 * zlib returns a result that fits its 16 KB output chunk as a slice of that chunk: a 1.5 KB
 * copy kept the whole chunk alive while it waited to be written (at 1000 pages 3,900 of them
 * held 50 MB, ten times their bytes). Such a slice is copied to its own memory.
 */
function ownBytes(bytes: Buffer): Buffer {
  return bytes.byteLength * 2 <= bytes.buffer.byteLength ? Buffer.from(bytes) : bytes;
}

/**
 * Files made per route (pages, their data, search files, route chunks under assets/r/) are
 * nearly all the bytes and all the files of a large site: they take brotli 4, twice as fast
 * as 5 for 5% more bytes (11 would take 60 times as long), and gzip 4. The few shared
 * scripts and styles every page loads take brotli 8: 3% above 11's bytes in a twentieth of
 * its time.
 */
/** Cached copies are named by content and settings: the same bytes may be compressed both ways. */
const tier = (file: string) => (perRoute(file) ? '-r' : '-s');

function perRoute(file: string): boolean {
  return file.startsWith('assets/r/') || !/\.(m?js|css)$/i.test(file);
}

/** Text worth compressing; the server's manifest is read by the server itself, never sent. */
function isText(rel: string): boolean {
  return TEXT.has(path.extname(rel).toLowerCase()) && rel !== '.docgen/manifest.json';
}
