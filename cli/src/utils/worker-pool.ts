import { Worker } from 'node:worker_threads';

/**
 * Runs jobs on `threads` worker threads of `file`: each worker first gets the `setup`
 * messages, then jobs (two in flight, so the next is queued while one runs) until none are
 * left. Replies come back by job id; `failure` turns a reply into an error that stops the run.
 * Jobs with the same `affinity` key go to the thread that takes the first of them, right
 * after it (what that thread keeps from one serves the others). The workers are terminated
 * whatever happens.
 */
export async function runOnWorkers<J, R extends { id: number }>(opts: {
  file: string;
  threads: number;
  setup: unknown[];
  jobs: J[];
  message: (job: J, id: number) => unknown;
  failure?: (reply: R) => Error | null;
  /** Each reply as it arrives; what it returns is kept (so large parts can leave the heap at once). */
  received?: (reply: R) => R;
  affinity?: (job: J) => string | undefined;
}): Promise<R[]> {
  const { jobs } = opts;
  const replies = new Array<R>(jobs.length);
  const taken = new Uint8Array(jobs.length);
  const groups = new Map<string, number[]>();
  const keys = opts.affinity ? jobs.map((job, id) => {
    const key = opts.affinity!(job);
    if (key !== undefined) groups.get(key)?.push(id) ?? groups.set(key, [id]);
    return key;
  }) : [];
  let next = 0;
  /** The next job of a worker: one its earlier jobs' affinity reserved for it, else the next free one. */
  const take = (own: number[]): number | undefined => {
    if (own.length) return own.shift();
    while (next < jobs.length && taken[next]) next++;
    if (next >= jobs.length) return undefined;
    const id = next++;
    taken[id] = 1;
    for (const other of (keys[id] !== undefined && groups.get(keys[id]!)) || []) {
      if (!taken[other]) (taken[other] = 1), own.push(other);
    }
    return id;
  };
  const workers = Array.from({ length: opts.threads }, () => new Worker(opts.file));
  try {
    await Promise.all(
      workers.map(
        (worker) =>
          new Promise<void>((resolve, reject) => {
            for (const m of opts.setup) worker.postMessage(m);
            const own: number[] = [];
            let inFlight = 0;
            const send = () => {
              const id = take(own);
              if (id === undefined) return;
              inFlight++;
              worker.postMessage(opts.message(jobs[id], id));
            };
            worker.on('message', (reply: R) => {
              const failed = opts.failure?.(reply);
              if (failed) return reject(failed);
              replies[reply.id] = opts.received ? opts.received(reply) : reply;
              inFlight--;
              send();
              if (inFlight === 0) resolve();
            });
            worker.on('error', reject);
            worker.on('exit', (code) => (inFlight > 0 ? reject(new Error(`worker ${opts.file} exited (${code}) with jobs unfinished`)) : undefined));
            send();
            send();
            if (inFlight === 0) resolve();
          }),
      ),
    );
  } finally {
    await Promise.all(workers.map((w) => w.terminate()));
  }
  return replies;
}
