import { existsSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { fileURLToPath } from 'node:url';
import { runOnWorkers } from '../utils/worker-pool.js';
import type { CompileJob, JobResult } from '../content/compile-job.js';

/** Below this many pages, starting workers costs more than it saves. */
const MIN_JOBS_FOR_WORKERS = 64;

/**
 * Runs compile jobs on worker threads (one per core) when the bundled worker exists, else
 * in this thread. MDX compile is CPU-bound and per-file independent, so it scales with cores.
 * `onResult` sees each result as it arrives (the build moves its code out of the heap there).
 */
export async function runCompileJobs(jobs: CompileJob[], contexts: Map<number, Map<string, string>>, onResult?: (result: JobResult) => void): Promise<JobResult[]> {
  const workerFile = fileURLToPath(new URL('./compile-worker.js', import.meta.url));
  const threads = Number(process.env.DOCGEN_THREADS) || Math.min(availableParallelism(), 8);
  if (jobs.length < MIN_JOBS_FOR_WORKERS || threads < 2 || !existsSync(workerFile)) {
    // Loaded here, not at the top: importing the compile stage must not load the MDX toolchain
    // (docgen dev compiles on a worker thread, and its start-up time counts).
    // The bundled toolchain beside the CLI's files when there is one (see build-cli.mjs).
    const bundled = new URL('./compile-job.js', import.meta.url);
    const { runCompileJob } = (existsSync(fileURLToPath(bundled)) ? await import(bundled.href) : await import('../content/compile-job.js')) as typeof import('../content/compile-job.js');
    const out: JobResult[] = [];
    for (const job of jobs) {
      const result = await runCompileJob(job, contexts);
      onResult?.(result);
      out.push(result);
      // A compile awaits only promises already settled: without a turn of the event loop here,
      // what esbuild answered meanwhile (the early bundles, early-bundles.ts) waited for the last page.
      await new Promise(setImmediate);
    }
    return out;
  }
  const replies = await runOnWorkers<CompileJob, { id: number; result?: JobResult; crash?: string }>({
    file: workerFile,
    threads,
    setup: [...contexts].map(([id, map]) => ({ type: 'context', id, entries: [...map] })),
    jobs,
    message: (job, id) => ({ type: 'job', id, job }),
    failure: (msg) => (msg.crash ? new Error(`compile worker crashed on ${jobs[msg.id].siteRelativePath}:\n${msg.crash}`) : null),
    received: (msg) => {
      if (msg.result) onResult?.(msg.result);
      return msg;
    },
  });
  const results = replies.map((r) => r.result!);
  return results;
}
