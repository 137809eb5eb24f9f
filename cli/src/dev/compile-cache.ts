import { createHash } from 'node:crypto';
import { mkdirSync, readFileSync, renameSync, statSync, writeFileSync } from 'node:fs';
import { mkdir, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { CompileJob, JobResult } from '../content/compile-job.js';
import { whenQuiet } from './idle.js';
import { linkContextHash } from './link-context-hash.js';

type Runner = (jobs: CompileJob[], contexts: Map<number, Map<string, string>>) => Promise<JobResult[]>;
type Ok = Extract<JobResult, { ok: true }>;
/** One route's last compile: what it was compiled from, and the images and partials it read (size, mtime). */
type Entry = { key: string; result: Ok; inputs: [string, number, number][] };

const sha = (text: string) => createHash('sha256').update(text).digest('hex');

/**
 * How long after a compile its entry is written. A writer saves a page again and again; only
 * the last compile matters to the next start, and a write (a rename on a busy disk took 10 ms)
 * must not land between a save and the request for the page it changed.
 */
const WRITE_DELAY_MS = 1000;

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
  private writes = 0;
  /** Entries waiting for their write, by route; a later compile of the route replaces its entry. */
  private readonly pending = new Map<string, { entry: Entry; timer: NodeJS.Timeout }>();
  /**
   * The key of each route's file as this process last wrote or read it: a save, whose key is
   * new, then reads no file (parsing a large page's entry again cost its save a millisecond).
   */
  private readonly onDisk = new Map<string, string>();
  /** Routes the runner compiled in this process. */
  private readonly compiledHere = new Set<string>();
  /** Routes answered from the cache only, with the compile that would warm the runner up for them. */
  private readonly cold = new Map<string, () => Promise<unknown>>();
  /** Pages the runner compiled only to warm up (stats.json, tests). */
  warmed = 0;
  private flushed = false;

  constructor(
    private readonly dir: string,
    private readonly engine: string | null = engineStamp(),
  ) {}

  /** The runner, answering from the cache what it holds. */
  wrap(runner: Runner): Runner {
    return async (jobs, contexts) => {
      if (!this.engine) return runner(jobs, contexts);
      const contextHash = new Map([...contexts].map(([id, map]) => [id, linkContextHash(map)]));
      const keys = jobs.map((job) => sha(`${this.engine}\n${contextHash.get(job.linkContext)}\n${JSON.stringify({ ...job, linkContext: 0 })}`));
      const results: (JobResult | undefined)[] = jobs.map((job, i) => this.read(job.routePath, keys[i]));
      const missing = results.flatMap((r, i) => (r ? [] : [i]));
      this.hits += jobs.length - missing.length;
      this.misses += missing.length;
      jobs.forEach((job, i) => {
        if (results[i] && !this.compiledHere.has(job.routePath)) this.cold.set(job.routePath, () => runner([job], contexts));
      });
      for (const i of missing) {
        this.compiledHere.add(jobs[i].routePath);
        this.cold.delete(jobs[i].routePath);
      }
      if (missing.length === 0) return results as JobResult[];
      const fresh = await runner(missing.map((i) => jobs[i]), contexts);
      fresh.forEach((result, j) => {
        const i = missing[j];
        results[i] = result;
        if (result.ok) this.schedule(jobs[i].routePath, keys[i], result);
      });
      return results as JobResult[];
    };
  }

  /**
   * A page a browser shows came from this cache: once the server is quiet, the runner compiles
   * it too and the result is dropped. The worker then holds the page's tree and code tuned to
   * it, so the first save of the page is not a cold compile of all of it (about three times
   * the cost of a later save). Not for pages the link check renders: nobody edits those.
   */
  warm(routePath: string): void {
    const compile = this.cold.get(routePath);
    if (!compile) return;
    this.cold.delete(routePath);
    void whenQuiet()
      .then(() => {
        // Saved meanwhile (compiled for real), or dev is closing (flush()).
        if (this.compiledHere.has(routePath) || this.flushed) return;
        this.compiledHere.add(routePath);
        return compile().then(() => void this.warmed++);
      })
      .catch(() => undefined); // a mistake in the page shows when it is compiled for real
  }

  private fileOf(routePath: string): string {
    return path.join(this.dir, `${sha(routePath).slice(0, 32)}.json`);
  }

  /** Writes what is still waiting (docgen dev is closing): the next start finds the last compiles. */
  flush(): void {
    this.flushed = true; // no warm-up after this: the worker is going away
    for (const [routePath, { entry, timer }] of this.pending) {
      clearTimeout(timer);
      this.writeSync(routePath, entry);
    }
    this.pending.clear();
  }

  private schedule(routePath: string, key: string, result: Ok): void {
    clearTimeout(this.pending.get(routePath)?.timer);
    let entry: Entry;
    try {
      // The images and partials as this compile read them (a later change must not be recorded).
      const inputs = [...result.images.map(([, abs]) => abs), ...result.partials.map((p) => p.path)].map((abs): [string, number, number] => {
        const st = statSync(abs);
        return [abs, st.size, st.mtimeMs];
      });
      entry = { key, result, inputs };
    } catch {
      this.pending.delete(routePath);
      return; // an input vanished meanwhile: nothing worth keeping
    }
    const timer = setTimeout(() => {
      this.pending.delete(routePath);
      void this.write(routePath, entry);
    }, WRITE_DELAY_MS);
    timer.unref();
    this.pending.set(routePath, { entry, timer });
  }

  private read(routePath: string, key: string): Ok | undefined {
    const waiting = this.pending.get(routePath)?.entry;
    if (waiting) return waiting.key === key ? waiting.result : undefined;
    const known = this.onDisk.get(routePath);
    if (known !== undefined && known !== key) return undefined;
    try {
      const entry = JSON.parse(readFileSync(this.fileOf(routePath), 'utf8')) as Entry;
      this.onDisk.set(routePath, entry.key);
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
  private async write(routePath: string, entry: Entry): Promise<void> {
    try {
      const { file, tmp, text } = this.entryFile(routePath, entry);
      await mkdir(this.dir, { recursive: true });
      await writeFile(tmp, text);
      await rename(tmp, file);
      this.onDisk.set(routePath, entry.key);
    } catch {
      // read-only site folder, full disk, or an input that vanished meanwhile
    }
  }

  private writeSync(routePath: string, entry: Entry): void {
    try {
      const { file, tmp, text } = this.entryFile(routePath, entry);
      mkdirSync(this.dir, { recursive: true });
      writeFileSync(tmp, text);
      renameSync(tmp, file);
      this.onDisk.set(routePath, entry.key);
    } catch {
      // as in write()
    }
  }

  private entryFile(routePath: string, entry: Entry) {
    const file = this.fileOf(routePath);
    // One temporary name per write: an async write may still run when the next one starts.
    return { file, tmp: `${file}.${process.pid}.${++this.writes}.tmp`, text: JSON.stringify(entry) };
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
