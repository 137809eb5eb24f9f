import { createHash } from 'node:crypto';
import { existsSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { CompileJob, JobResult } from '../content/compile-job.js';
import type { runCompileJobs } from './compile-pool.js';
import type { SearchSection } from '../search/index.js';
import { BlobPack } from './blob-pack.js';

type Runner = typeof runCompileJobs;
/** A compiled page's entry; its code is the blob `<key>.code` beside it. */
type Entry = { result: Omit<Extract<JobResult, { ok: true }>, 'code' | 'standalone' | 'search'>; images: [string, number, number][] };

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
      const keys = jobs.map((job) => jobKey(engine, contextHash.get(job.linkContext)!, job));
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
          // A file changed between its stat and its read: its result is not the hash's.
          if (jobs[i].bodyHash !== undefined && jobs[i].bodyHash !== sha(jobs[i].body)) return;
          // Images and imported partials: a change to either must compile the page again.
          const images = [...result.images.map(([, abs]) => abs), ...result.partials.map((p) => p.path)].map((abs): [string, number, number] => {
            const st = statSync(abs);
            return [abs, st.size, st.mtimeMs];
          });
          result.inputKey = inputKey(keys[i], images);
          // Without the standalone forms: the standalone store keeps them by code.
          const { standalone: _forms, code, search, inputKey: _key, searchJson: _json, ...kept } = result;
          pack.put(`${keys[i]}.code`, Buffer.from(code));
          pack.put(`${keys[i]}.search`, Buffer.from(JSON.stringify(search)));
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

/**
 * A job's key: the engine, its link context, the job and its text's hash. The text itself is
 * not read when the doc cache knows its hash (see body-facts.ts); JSON text holds no raw
 * newline, so the separators cannot be confused with the parts.
 */
function jobKey(engine: string, contextHash: string, job: CompileJob): string {
  const rest: Record<string, unknown> = {};
  // Not a spread: that would read `body` (a getter over the file).
  for (const k of Object.keys(job) as (keyof CompileJob)[]) if (k !== 'body' && k !== 'bodyHash') rest[k] = job[k];
  rest.linkContext = 0;
  return sha(`${engine}\n${contextHash}\n${JSON.stringify(rest)}\n${job.bodyHash ?? sha(job.body)}`);
}

/** What a result is a function of: its job's key, and the files it read that the key leaves out (partials, images). */
const inputKey = (key: string, files: Entry['images']) => sha(`${key}\n${JSON.stringify(files)}`);

function read(pack: BlobPack, key: string): JobResult | undefined {
  try {
    const bytes = pack.get(key);
    if (!bytes) return undefined;
    const entry = JSON.parse(bytes.toString('utf8')) as Entry;
    for (const [abs, size, mtime] of entry.images) {
      const st = statSync(abs);
      if (st.size !== size || st.mtimeMs !== mtime) return undefined;
    }
    if (!pack.keep(`${key}.code`) || !pack.keep(`${key}.search`)) return undefined;
    const result = entry.result as Extract<JobResult, { ok: true }>;
    result.inputKey = inputKey(key, entry.images);
    // Stages drop code they are done with by setting it to '' (as with the spill file).
    lazyField(result, 'code', () => blobOf(pack, `${key}.code`));
    // Most of a page's text: an unchanged rebuild's search stage names its index by inputKey and reads none.
    lazyField(result, 'search', () => JSON.parse(blobOf(pack, `${key}.search`)) as SearchSection[] | null);
    result.searchJson = () => blobOf(pack, `${key}.search`);
    return result;
  } catch {
    return undefined; // unreadable or stale: compile again
  }
}

/** A field read from the pack each time it is asked for (it is not held), until a stage replaces it. */
function lazyField<K extends 'code' | 'search'>(result: Extract<JobResult, { ok: true }>, field: K, load: () => Extract<JobResult, { ok: true }>[K]) {
  let replaced: { value: Extract<JobResult, { ok: true }>[K] } | null = null;
  Object.defineProperty(result, field, {
    enumerable: true,
    configurable: true,
    get: () => (replaced ? replaced.value : load()),
    set: (value: Extract<JobResult, { ok: true }>[K]) => void (replaced = { value }),
  });
}

function blobOf(pack: BlobPack, name: string): string {
  const bytes = pack.get(name);
  if (!bytes) throw new Error(`internal: a cached page's ${name.split('.').pop()} was read after the compile cache was closed`);
  return bytes.toString('utf8');
}
