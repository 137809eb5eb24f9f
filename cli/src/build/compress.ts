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
const brotliOptions = (rel: string, body: Uint8Array): BrotliOptions => ({ params: { [constants.BROTLI_PARAM_QUALITY]: brotliQuality(rel), [constants.BROTLI_PARAM_SIZE_HINT]: body.length } });
/** gzip serves only clients without brotli: level 6 is a quarter faster than 9 for 0.3% more bytes here. */
const GZIP_LEVEL = 6;

export class Precompressor {
  private readonly done = new Set<string>();
  private readonly cache: BlobPack | null;
  /** A few files in flight per core keep every core busy; thousands at once (each encoder with its own window) took gigabytes. */
  private readonly pool = new Pool<[string, Uint8Array]>(availableParallelism(), ([rel, body]) => this.compress(rel, body));
  private output: OutputLedger | null = null;

  constructor(cacheDir: string | null) {
    this.cache = cacheDir ? new BlobPack(path.join(cacheDir, 'compress')) : null;
  }

  /** Starts compressing a file just written to `output` (only text files of some size are). */
  add(output: OutputLedger, rel: string, contents: string | Uint8Array): void {
    if (!isText(rel) || this.done.has(rel)) return;
    this.output = output;
    this.done.add(rel);
    const body = typeof contents === 'string' ? Buffer.from(contents) : contents;
    if (body.length < MIN_BYTES) return;
    this.pool.push([rel, body]);
    while (this.pool.waiting.length > MAX_WAITING) {
      const [r, b] = this.pool.waiting.shift()!;
      this.emit(r, b, this.cachedSync(b, '.br', () => brotliCompressSync(b, brotliOptions(r, b))), this.cachedSync(b, '.gz', () => gzipSync(b, { level: GZIP_LEVEL })));
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

  private async compress(rel: string, body: Uint8Array) {
    const key = this.keyOf(body);
    const [br, gzipped] = await Promise.all([
      this.cached(`${key}.br`, () => brotli(body, brotliOptions(rel, body))),
      this.cached(`${key}.gz`, () => gz(body, { level: GZIP_LEVEL })),
    ]);
    this.emit(rel, body, br, gzipped);
  }

  private emit(rel: string, body: Uint8Array, br: Buffer, gzipped: Buffer) {
    // A copy no smaller than the file is useless: the server would send the file anyway.
    if (br.length < body.length) this.output!.write(`${rel}.br`, br);
    if (gzipped.length < body.length) this.output!.write(`${rel}.gz`, gzipped);
  }

  private keyOf(body: Uint8Array): string {
    return createHash('sha1').update(body).digest('hex');
  }

  private async cached(name: string, make: () => Promise<Buffer>): Promise<Buffer> {
    return this.fromCache(name) ?? this.store(name, await make());
  }

  private cachedSync(body: Uint8Array, ext: '.br' | '.gz', make: () => Buffer): Buffer {
    const name = `${this.keyOf(body)}${ext}`;
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
 * Brotli's slowest settings cost a cold build seconds for little: on the company site's
 * shared scripts and styles quality 8 is 3% above 11's bytes in a twentieth of its time.
 * Files made per route (pages, data, route chunks under assets/r/) are most of the bytes:
 * pages and data take quality 5, 30 times faster than 11 for 8% more bytes; route chunks
 * take 4, which on the 1000-page corpus is 2.7 times faster than 8 for 7% more bytes.
 */
function brotliQuality(file: string): number {
  if (file.startsWith('assets/r/')) return 4;
  return /\.(m?js|css)$/i.test(file) ? 8 : 5;
}

/** Text worth compressing; the server's manifest is read by the server itself, never sent. */
function isText(rel: string): boolean {
  return TEXT.has(path.extname(rel).toLowerCase()) && rel !== '.docgen/manifest.json';
}
