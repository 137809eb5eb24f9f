import { createHash } from 'node:crypto';
import { existsSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { CompileJob, JobResult } from '../content/compile-job.js';
import type { runCompileJobs } from './compile-pool.js';
import { BlobPack } from './blob-pack.js';

type Runner = typeof runCompileJobs;
type Entry = { result: Extract<JobResult, { ok: true }>; images: [string, number, number][] };

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
 */
export function withCompileCache(cacheDir: string, runner: Runner, stats: { hits: number } = { hits: 0 }): Runner {
  return async (jobs, contexts, onResult) => {
    const engine = engineFingerprint();
    if (!engine) return runner(jobs, contexts, onResult);
    const pack = new BlobPack(cacheDir);
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
          // Without the standalone forms: the standalone pack keeps them by code, and reading
          // three times the text back on every cache hit cost a rebuild a sixth more CPU.
          const { standalone: _forms, ...kept } = result;
          pack.put(keys[i], Buffer.from(JSON.stringify({ result: kept, images } satisfies Entry)));
        });
      }
      pack.finish();
      return results as JobResult[];
    } catch (error) {
      pack.discard();
      throw error;
    }
  };
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
    return entry.result;
  } catch {
    return undefined; // unreadable or stale: compile again
  }
}
