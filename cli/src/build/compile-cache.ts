import { createHash } from 'node:crypto';
import { existsSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { CompileJob, JobResult } from '../content/compile-job.js';
import type { runCompileJobs } from './compile-pool.js';
import { BlobPack } from './blob-pack.js';

type Runner = typeof runCompileJobs;
/** A compiled page's entry; its code is the blob `<key>.code` beside it. */
type Entry = { result: Omit<Extract<JobResult, { ok: true }>, 'code' | 'standalone'>; images: [string, number, number][] };

const sha = (text: string) => createHash('sha256').update(text).digest('hex');

/**
 * What a compile's output depends on besides its job: the engine's compile code and the
 * installed packages. Null when they cannot be fingerprinted (running from sources): no cache.
 */
function engineFingerprint(): string | null {
  const worker = fileURLToPath(new URL('./compile-worker.js', import.meta.url));
  if (!existsSync(worker)) return null;
  const dir = path.dirname(worker);
  const lock = [path.join(dir, '..', 'node_modules', '.package-lock.json'), path.join(dir, '..', '..', 'node_modules', '.package-lock.json')].find(existsSync);
  return sha(readFileSync(worker, 'utf8') + (lock ? readFileSync(lock, 'utf8') : ''));
}

/**
 * A compile cache on disk (<site>/.docgen/cache/compile, one pack file: see BlobPack): a page
 * whose source, link context, options and images are unchanged is not compiled again. Images
 * are checked by size and mtime, since their content hash is in the compiled URL. Entries
 * unused by this build are dropped, so the cache holds one build's worth.
 *
 * A page's code is a blob of its own, read only if a stage asks for it (a cached page's `code`
 * reads the pack): a rebuild whose pages all come from the caches reads none of it, where it
 * parsed 25 MB of code out of the entries at 1000 pages and wrote it all to the spill file.
 * So the pack stays open until `close()`, once the last stage that may read code is done.
 */
export function withCompileCache(cacheDir: string, runner: Runner, stats: { hits: number } = { hits: 0 }): Runner & { close(): void } {
  let open: BlobPack | null = null;
  const run: Runner = async (jobs, contexts, onResult) => {
    const engine = engineFingerprint();
    if (!engine) return runner(jobs, contexts, onResult);
    const pack = (open = new BlobPack(cacheDir));
    try {
      const contextHash = new Map([...contexts].map(([id, map]) => [id, sha(JSON.stringify([...map].sort()))]));
      const keys = jobs.map((job) => sha(`${engine}\n${contextHash.get(job.linkContext)}\n${JSON.stringify({ ...job, linkContext: 0 })}`));
      const results: (JobResult | undefined)[] = keys.map((key) => {
        const result = read(pack, key);
        if (result) onResult?.(result);
        return result;
      });
      const missing = results.flatMap((r, i) => (r ? [] : [i]));
      stats.hits += jobs.length - missing.length;
      if (missing.length > 0) {
        const fresh = await runner(missing.map((i) => jobs[i]), contexts, onResult);
        fresh.forEach((result, j) => {
          const i = missing[j];
          results[i] = result;
          if (!result.ok) return; // mistakes are reported again until fixed
          // Images and imported partials: a change to either must compile the page again.
          const images = [...result.images.map(([, abs]) => abs), ...result.partials.map((p) => p.path)].map((abs): [string, number, number] => {
            const st = statSync(abs);
            return [abs, st.size, st.mtimeMs];
          });
          // Without the standalone forms: the standalone store keeps them by code.
          const { standalone: _forms, code, ...kept } = result;
          pack.put(`${keys[i]}.code`, Buffer.from(code));
          pack.put(keys[i], Buffer.from(JSON.stringify({ result: kept, images } satisfies Entry)));
        });
      }
      return results as JobResult[];
    } catch (error) {
      open = null;
      pack.discard();
      throw error;
    }
  };
  return Object.assign(run, {
    close() {
      open?.finish();
      open = null;
    },
  });
}

function read(pack: BlobPack, key: string): JobResult | undefined {
  try {
    const bytes = pack.get(key);
    if (!bytes) return undefined;
    const entry = JSON.parse(bytes.toString('utf8')) as Entry;
    for (const [abs, size, mtime] of entry.images) {
      const st = statSync(abs);
      if (st.size !== size || st.mtimeMs !== mtime) return undefined;
    }
    if (!pack.keep(`${key}.code`)) return undefined;
    const result = entry.result as Extract<JobResult, { ok: true }>;
    let replaced: string | null = null;
    Object.defineProperty(result, 'code', {
      enumerable: true,
      configurable: true,
      get: () => replaced ?? codeOf(pack, key),
      // Stages drop code they are done with by setting it to '' (as with the spill file).
      set: (code: string) => void (replaced = code),
    });
    return result;
  } catch {
    return undefined; // unreadable or stale: compile again
  }
}

function codeOf(pack: BlobPack, key: string): string {
  const bytes = pack.get(`${key}.code`);
  if (!bytes) throw new Error('internal: a cached page\'s code was read after the compile cache was closed');
  return bytes.toString('utf8');
}
