import { Worker } from 'node:worker_threads';
import { runCompileJobs } from '../build/compile-pool.js';
import type { CompileJob, JobResult } from '../content/compile-job.js';
import { linkContextMessage } from '../content/link-context-message.js';
import { linkContextHash } from './link-context-hash.js';
import { adoptCompileWorker, bundledWorker, warmUpJob } from './prestart.js';

/**
 * MDX compiles for docgen dev, on one long-lived worker thread (the build's compile worker,
 * same messages). The worker loads the MDX toolchain while the main thread reads the routes,
 * so neither waits for the other at start, and a compile never blocks a page being served.
 * Without the bundled worker file (tests running the TypeScript source), jobs run in-thread.
 */
export class DevCompiler {
  private worker: Worker | null = null;
  private readonly pending = new Map<number, { resolve: (r: JobResult) => void; reject: (e: Error) => void }>();
  private nextJob = 0;
  /**
   * Link contexts (source file → route) are sent once, then named by number. A rebuilt route
   * table makes new maps with mostly the same entries: those are matched by content, so the
   * worker does not collect a copy per rebuild.
   */
  private contextIds = new WeakMap<Map<string, string>, number>();
  private idsByContent = new Map<string, number>();
  private nextContext = 0;

  constructor(private readonly workerFile: string | null = bundledWorker()) {}

  /** Starts the worker and has it build its MDX processor now, before any page is asked for. */
  warmUp(staticDirs: string[]): Promise<void> {
    return this.post([warmUpJob(staticDirs)], new Map([[0, new Map()]])).then(() => undefined);
  }

  /**
   * Called once, with the route of the first page compiled on the worker, while that compile
   * runs: the main thread is otherwise idle then (session.ts warms the renderer).
   */
  duringFirstCompile: ((routePath: string) => void) | null = null;

  /** Same contract as the build's runCompileJobs (compileRoutes takes either). */
  run = async (jobs: CompileJob[], contexts: Map<number, Map<string, string>>): Promise<JobResult[]> => {
    // Dev's compiles keep each page's last tree: a save reparses only the blocks it changed.
    jobs = jobs.map((job) => ({ ...job, incremental: true }));
    if (!this.workerFile) return runCompileJobs(jobs, contexts);
    const results = this.post(jobs, contexts);
    const during = this.duringFirstCompile;
    this.duringFirstCompile = null;
    if (during && jobs.length) during(jobs[0].routePath);
    return results;
  };

  private post(jobs: CompileJob[], contexts: Map<number, Map<string, string>>): Promise<JobResult[]> {
    // A closed session's late work (a link check, a warm-up) must not start a worker again.
    if (this.closed) return Promise.reject(new Error('docgen dev: compile after the session closed'));
    const worker = this.ensureWorker();
    const ids = new Map<number, number>();
    for (const [local, map] of contexts) {
      let id = this.contextIds.get(map);
      if (id === undefined) {
        const content = linkContextHash(map);
        id = this.idsByContent.get(content);
        if (id === undefined) {
          id = this.nextContext++;
          this.idsByContent.set(content, id);
          worker.postMessage(linkContextMessage(id, map));
        }
        this.contextIds.set(map, id);
      }
      ids.set(local, id);
    }
    return Promise.all(
      jobs.map(
        (job) =>
          new Promise<JobResult>((resolve, reject) => {
            const id = this.nextJob++;
            this.pending.set(id, { resolve, reject });
            worker.postMessage({ type: 'job', id, job: { ...job, linkContext: ids.get(job.linkContext) } });
          }),
      ),
    );
  }

  private closed = false;

  close(): Promise<number> | undefined {
    this.closed = true;
    const worker = this.worker;
    this.worker = null;
    return worker?.terminate();
  }

  private ensureWorker(): Worker {
    if (this.worker) return this.worker;
    const worker = adoptCompileWorker(this.workerFile!) ?? new Worker(this.workerFile!);
    worker.on('message', (msg: { id: number; result?: JobResult; crash?: string }) => {
      const job = this.pending.get(msg.id);
      this.pending.delete(msg.id);
      if (msg.crash) job?.reject(new Error(`MDX compiler crashed:\n${msg.crash}`));
      else job?.resolve(msg.result!);
    });
    const fail = (error: Error) => {
      if (this.worker !== worker) return;
      // A new worker starts with the next job; it needs every link context again.
      this.worker = null;
      this.contextIds = new WeakMap();
      this.idsByContent = new Map();
      for (const job of this.pending.values()) job.reject(error);
      this.pending.clear();
    };
    worker.on('error', fail);
    worker.on('exit', (code) => fail(new Error(`MDX compile worker exited (code ${code})`)));
    // Never what keeps the process alive: the server and the watcher are. After the 'message'
    // listener, which refs the worker's port again (a worker started after close() then kept
    // docgen dev from exiting).
    worker.unref();
    this.worker = worker;
    return worker;
  }
}

