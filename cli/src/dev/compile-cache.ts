import { createHash } from 'node:crypto';
import { mkdirSync, readFileSync, renameSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { CompileJob, JobResult } from '../content/compile-job.js';

type Runner = (jobs: CompileJob[], contexts: Map<number, Map<string, string>>) => Promise<JobResult[]>;
type Ok = Extract<JobResult, { ok: true }>;
/** One route's last compile: what it was compiled from, and the images and partials it read (size, mtime). */
type Entry = { key: string; result: Ok; inputs: [string, number, number][] };

const sha = (text: string) => createHash('sha256').update(text).digest('hex');

/**
 * Each route's last compile, kept between `docgen dev` starts in `<site>/.docgen/cache/dev-compile/`
 * (one file per route, replaced by its next compile, so the folder never holds more than the
 * site's pages). The first page a start serves is then usually not compiled at all: its MDX
 * compile on a worker whose code has not warmed up yet was most of the wait for it. The key is
 * the whole job (the page's text, link context and options) and docgen's compile code, as the
 * build's cache (build/compile-cache.ts); images and partials are checked by size and mtime.
 */
export class DevCompileCache {
  hits = 0;
  misses = 0;
  private readonly contextHashes = new WeakMap<Map<string, string>, string>();

  constructor(
    private readonly dir: string,
    private readonly engine: string | null = engineStamp(),
  ) {}

  wrap(runner: Runner): Runner {
    return async (jobs, contexts) => {
      if (!this.engine) return runner(jobs, contexts);
      const contextHash = new Map([...contexts].map(([id, map]) => [id, this.hashOf(map)]));
      const keys = jobs.map((job) => sha(`${this.engine}\n${contextHash.get(job.linkContext)}\n${JSON.stringify({ ...job, linkContext: 0 })}`));
      const results: (JobResult | undefined)[] = jobs.map((job, i) => this.read(job.routePath, keys[i]));
      const missing = results.flatMap((r, i) => (r ? [] : [i]));
      this.hits += jobs.length - missing.length;
      this.misses += missing.length;
      if (missing.length === 0) return results as JobResult[];
      const fresh = await runner(missing.map((i) => jobs[i]), contexts);
      fresh.forEach((result, j) => {
        const i = missing[j];
        results[i] = result;
        // Off the path of the reply that waits for this compile.
        if (result.ok) setImmediate(() => this.write(jobs[i].routePath, keys[i], result));
      });
      return results as JobResult[];
    };
  }

  /**
   * A link context (every doc's file → route) is the same map from save to save until the
   * routes change; hashing its 10,000 entries on every save was most of a save at 10,000 pages.
   */
  private hashOf(map: Map<string, string>): string {
    let hash = this.contextHashes.get(map);
    if (hash === undefined) this.contextHashes.set(map, (hash = sha(JSON.stringify([...map].sort()))));
    return hash;
  }

  private fileOf(routePath: string): string {
    return path.join(this.dir, `${sha(routePath).slice(0, 32)}.json`);
  }

  private read(routePath: string, key: string): Ok | undefined {
    try {
      const entry = JSON.parse(readFileSync(this.fileOf(routePath), 'utf8')) as Entry;
      if (entry.key !== key) return undefined;
      for (const [abs, size, mtime] of entry.inputs) {
        const st = statSync(abs);
        if (st.size !== size || st.mtimeMs !== mtime) return undefined;
      }
      return entry.result;
    } catch {
      return undefined; // none, unreadable, or an image or partial is gone: compile
    }
  }

  /** Best effort: a cache that cannot be written only costs the next start a compile. */
  private write(routePath: string, key: string, result: Ok): void {
    try {
      const inputs = [...result.images.map(([, abs]) => abs), ...result.partials.map((p) => p.path)].map((abs): [string, number, number] => {
        const st = statSync(abs);
        return [abs, st.size, st.mtimeMs];
      });
      mkdirSync(this.dir, { recursive: true });
      const file = this.fileOf(routePath);
      const tmp = `${file}.${process.pid}.tmp`;
      writeFileSync(tmp, JSON.stringify({ key, result, inputs } satisfies Entry));
      renameSync(tmp, file);
    } catch {
      // read-only site folder, full disk, or an input that vanished meanwhile
    }
  }
}

/**
 * docgen's compile code (the bundled worker) by path, size and mtime: a rebuilt engine
 * starts a new cache. Null when running from sources (tests of the TypeScript): no cache.
 */
function engineStamp(): string | null {
  const worker = fileURLToPath(new URL('./compile-worker.js', import.meta.url));
  const s = statSync(worker, { throwIfNoEntry: false });
  return s ? `${worker}\0${s.size}\0${s.mtimeMs}` : null;
}
