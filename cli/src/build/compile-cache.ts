import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { CompileJob, JobResult } from '../content/compile-job.js';
import type { runCompileJobs } from './compile-pool.js';
import { WriteQueue } from '../utils/write-queue.js';

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
 * A compile cache on disk (<site>/.docgen/cache/compile): a page whose source, link context,
 * options and images are unchanged is not compiled again. Images are checked by size and
 * mtime, since their content hash is in the compiled URL. Entries unused by this build are
 * pruned, so the folder holds one build's worth.
 */
export function withCompileCache(cacheDir: string, runner: Runner, stats: { hits: number } = { hits: 0 }): Runner {
  return async (jobs, contexts) => {
    const engine = engineFingerprint();
    if (!engine) return runner(jobs, contexts);
    const contextHash = new Map([...contexts].map(([id, map]) => [id, sha(JSON.stringify([...map].sort()))]));
    const keys = jobs.map((job) => sha(`${engine}\n${contextHash.get(job.linkContext)}\n${JSON.stringify({ ...job, linkContext: 0 })}`));
    const results: (JobResult | undefined)[] = keys.map((key) => read(path.join(cacheDir, `${key}.json`)));
    const missing = results.flatMap((r, i) => (r ? [] : [i]));
    stats.hits += jobs.length - missing.length;
    if (missing.length > 0) {
      const fresh = await runner(missing.map((i) => jobs[i]), contexts);
      const queue = new WriteQueue();
      fresh.forEach((result, j) => {
        const i = missing[j];
        results[i] = result;
        if (!result.ok) return; // mistakes are reported again until fixed
        // Images and imported partials: a change to either must compile the page again.
        const images = [...result.images.map(([, abs]) => abs), ...result.partials.map((p) => p.path)].map((abs): [string, number, number] => {
          const st = statSync(abs);
          return [abs, st.size, st.mtimeMs];
        });
        queue.write(path.join(cacheDir, `${keys[i]}.json`), JSON.stringify({ result, images } satisfies Entry));
      });
      await queue.flush();
    }
    prune(cacheDir, new Set(keys.map((k) => `${k}.json`)));
    return results as JobResult[];
  };
}

function read(file: string): JobResult | undefined {
  try {
    const entry = JSON.parse(readFileSync(file, 'utf8')) as Entry;
    for (const [abs, size, mtime] of entry.images) {
      const st = statSync(abs);
      if (st.size !== size || st.mtimeMs !== mtime) return undefined;
    }
    return entry.result;
  } catch {
    return undefined; // missing, unreadable or stale: compile again
  }
}

function prune(dir: string, keep: Set<string>) {
  if (!existsSync(dir)) return;
  for (const name of readdirSync(dir)) if (!keep.has(name)) rmSync(path.join(dir, name), { force: true });
}
