import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import { availableParallelism } from 'node:os';
import { mapLimit } from '../utils/task.js';
import type { OutputLedger } from '../output/output-ledger.js';
import { WriteQueue } from '../utils/write-queue.js';

/**
 * Precompressed copies of the build's text files (`x.js.br`, `x.js.gz` beside `x.js`), which
 * `docgen serve` sends to browsers that accept them: compressing once at build time lets the
 * best settings be used and costs the server nothing per request. Compression is
 * deterministic (gzip writes no name or time), so a rebuild writes the same bytes; each result
 * is kept in `<cacheDir>/compress` by content, so an unchanged file is not compressed again.
 */
const TEXT = new Set(['.html', '.js', '.mjs', '.css', '.json', '.svg', '.txt', '.xml']);
/** Below this a compressed copy saves less than its headers cost. */
const MIN_BYTES = 1024;
const brotli = promisify(brotliCompress);
const gz = promisify(gzip);

export async function precompress(output: OutputLedger, cacheDir: string | null): Promise<number> {
  await output.flush();
  const files = output.files().filter(isText);
  const used = new Set<string>();
  const cache = cacheDir ? { dir: path.join(cacheDir, 'compress'), queue: new WriteQueue() } : null;
  // Each compression runs on libuv's thread pool. A few files in flight per core keep every
  // core busy; all of them at once (thousands of encoders, each with its own window) took
  // gigabytes and most of the time in page faults.
  await mapLimit(files, availableParallelism(), async (rel) => {
    // A file the previous build wrote and this one kept has its compressed copies beside it.
    if (output.isKept(rel)) {
      for (const copy of [`${rel}.br`, `${rel}.gz`]) if (output.hadBefore(copy)) output.keep(copy);
      return;
    }
    const body = readFileSync(output.pathOf(rel));
    if (body.length < MIN_BYTES) return;
    const key = createHash('sha256').update(body).digest('hex');
    used.add(`${key}.br`).add(`${key}.gz`);
    const [br, gzipped] = await Promise.all([
      cached(cache, `${key}.br`, () => brotli(body, { params: { [constants.BROTLI_PARAM_QUALITY]: brotliQuality(rel), [constants.BROTLI_PARAM_SIZE_HINT]: body.length } })),
      cached(cache, `${key}.gz`, () => gz(body, { level: 9 })),
    ]);
    // A copy no smaller than the file is useless: the server would send the file anyway.
    if (br.length < body.length) output.write(`${rel}.br`, br);
    if (gzipped.length < body.length) output.write(`${rel}.gz`, gzipped);
  });
  // What this build did not use belongs to files that changed: the cache keeps one build.
  if (cache) {
    await cache.queue.flush();
    if (existsSync(cache.dir)) for (const name of readdirSync(cache.dir)) if (!used.has(name)) rmSync(path.join(cache.dir, name), { force: true });
  }
  return files.length;
}

/**
 * Brotli's slowest settings cost a cold build seconds for little: on the company site's
 * scripts and styles quality 8 is 3% above 11's bytes in a twentieth of its time; pages and
 * data (one per route) take quality 5, 30 times faster than 11 for 8% more bytes.
 */
function brotliQuality(file: string): number {
  return /\.(m?js|css)$/i.test(file) ? 8 : 5;
}

async function cached(cache: { dir: string; queue: WriteQueue } | null, name: string, make: () => Promise<Buffer>): Promise<Buffer> {
  const file = cache ? path.join(cache.dir, name) : null;
  if (file) {
    try {
      return readFileSync(file);
    } catch {
      // not cached yet
    }
  }
  const bytes = await make();
  if (file) cache!.queue.write(file, bytes);
  return bytes;
}

/** Text worth compressing; the server's manifest is read by the server itself, never sent. */
function isText(rel: string): boolean {
  return TEXT.has(path.extname(rel).toLowerCase()) && rel !== '.docgen/manifest.json';
}
