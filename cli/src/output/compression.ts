import path from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, brotliCompressSync, constants, gzip, gzipSync, type BrotliOptions } from 'node:zlib';

/**
 * How docgen compresses text it sends: one set of settings for the two places that do it.
 * `docgen build` precompresses the shared scripts and styles every page loads (few files,
 * compressed hard once); `docgen serve` compresses every other text file (pages, their data,
 * route chunks: nearly all the files of a large site) the first time it sends it, and keeps
 * the result in memory with the file. Both give the same bytes for the same file.
 */
const TEXT = new Set(['.html', '.js', '.mjs', '.css', '.json', '.svg', '.txt', '.xml']);
/** Below this a compressed copy saves less than its headers cost. */
export const MIN_COMPRESS_BYTES = 1024;

/** Text worth compressing; the server's manifest is read by the server itself, never sent. */
export function isCompressible(rel: string): boolean {
  return TEXT.has(path.extname(rel).toLowerCase()) && rel !== '.docgen/manifest.json';
}

/**
 * Files made per route (pages, their data, search files, route chunks under assets/r/) are
 * nearly all the bytes and all the files of a large site: they take brotli 4, twice as fast
 * as 5 for 5% more bytes (11 would take 60 times as long), and gzip 4. The few shared
 * scripts and styles every page loads take brotli 8: 3% above 11's bytes in a twentieth of
 * its time.
 */
export function isPerRoute(rel: string): boolean {
  return rel.startsWith('assets/r/') || !/\.(m?js|css)$/i.test(rel);
}

/** The smallest window that holds the whole file: a 32 KB file needs no 4 MB window, whose set-up costs every call. */
const windowBits = (body: Uint8Array, min: number, max: number) => Math.max(min, Math.min(max, Math.ceil(Math.log2(body.length + 1))));

export const brotliOptions = (rel: string, body: Uint8Array): BrotliOptions => ({
  params: {
    [constants.BROTLI_PARAM_QUALITY]: isPerRoute(rel) ? 4 : 8,
    [constants.BROTLI_PARAM_SIZE_HINT]: body.length,
    [constants.BROTLI_PARAM_LGWIN]: windowBits(body, constants.BROTLI_MIN_WINDOW_BITS, constants.BROTLI_MAX_WINDOW_BITS),
  },
});

/** gzip serves only clients without brotli; level 4 is a third faster than 6 for 4% more bytes. */
export const gzipOptions = (rel: string, body: Uint8Array) => ({ level: isPerRoute(rel) ? 4 : 6, windowBits: windowBits(body, 9, 15) });

const brotli = promisify(brotliCompress);
const gz = promisify(gzip);

/** Both compressed forms of a file, on libuv's thread pool. */
export async function compressText(rel: string, body: Uint8Array): Promise<{ br: Buffer; gzip: Buffer }> {
  const [br, gzipped] = await Promise.all([brotliAsync(rel, body), gzipAsync(rel, body)]);
  return { br, gzip: gzipped };
}

export const brotliAsync = async (rel: string, body: Uint8Array) => ownBytes(await brotli(body, brotliOptions(rel, body)));
export const gzipAsync = async (rel: string, body: Uint8Array) => ownBytes(await gz(body, gzipOptions(rel, body)));
export const brotliSync = (rel: string, body: Uint8Array) => ownBytes(brotliCompressSync(body, brotliOptions(rel, body)));
export const gzipSyncFor = (rel: string, body: Uint8Array) => ownBytes(gzipSync(body, gzipOptions(rel, body)));

/**
 * zlib returns a result that fits its 16 KB output chunk as a slice of that chunk: a 1.5 KB
 * copy kept the whole chunk alive while it waited to be written (at 1000 pages 3,900 of them
 * held 50 MB, ten times their bytes). Such a slice is copied to its own memory.
 */
function ownBytes(bytes: Buffer): Buffer {
  return bytes.byteLength * 2 <= bytes.buffer.byteLength ? Buffer.from(bytes) : bytes;
}
