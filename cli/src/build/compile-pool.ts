import { existsSync } from 'node:fs';
import path from 'node:path';
import { availableParallelism } from 'node:os';
import { fileURLToPath } from 'node:url';
import { runOnWorkers } from '../utils/worker-pool.js';
import { linkContextMessage } from '../content/link-context-message.js';
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
  const shared = sharedBodies(jobs);
  const replies = await runOnWorkers<CompileJob, { id: number; result?: JobResult; crash?: string }>({
    file: workerFile,
    threads,
    affinity: (job) => shared.get(job),
    setup: [...contexts].map(([id, map]) => linkContextMessage(id, map)),
    jobs,
    message: (job, id) => ({ type: 'job', id, job: shared.has(job) ? { ...job, sharedParse: true } : job }),
    failure: (msg) => (msg.crash ? new Error(`compile worker crashed on ${jobs[msg.id].siteRelativePath}:\n${msg.crash}`) : null),
    received: (msg) => {
      if (msg.result) onResult?.(msg.result);
      return msg;
    },
  });
  const results = replies.map((r) => r.result!);
  return results;
}

/**
 * Jobs whose parse another job repeats (the same doc in several versions): everything the
 * parse depends on is equal (the body, how it is read, the site's plugins), so one thread
 * parses it once (content/shared-parse.ts). Job → the key of its group, for groups of two or more.
 */
function sharedBodies(jobs: CompileJob[]): Map<CompileJob, string> {
  const groups = new Map<string, CompileJob[]>();
  for (const job of jobs) {
    const key = JSON.stringify([job.body, path.extname(job.sourcePath), job.markdownFormat, job.frontMatterFormat, job.pluginSite, job.pluginsKey]);
    groups.get(key)?.push(job) ?? groups.set(key, [job]);
  }
  const out = new Map<CompileJob, string>();
  for (const [key, group] of groups) if (group.length > 1) for (const job of group) out.set(job, key);
  return out;
}
