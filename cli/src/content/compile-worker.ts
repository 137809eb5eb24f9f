import { parentPort } from 'node:worker_threads';
import { trace } from '../dev/trace.js';
import { runCompileJob, type CompileJob } from './compile-job.js';
import { unpackLinkContext, type LinkContextMessage } from './link-context-message.js';

/** Worker thread of the compile pool: receives link contexts once, then jobs. */
const contexts = new Map<number, Map<string, string>>();
parentPort!.on('message', async (msg: LinkContextMessage | { type: 'job'; id: number; job: CompileJob }) => {
  if (msg.type === 'context') {
    contexts.set(msg.id, unpackLinkContext(msg.pairs));
    return;
  }
  try {
    trace(`job ${msg.job.routePath}`);
    const result = await runCompileJob(msg.job, contexts);
    trace('job done');
    parentPort!.postMessage({ id: msg.id, result });
  } catch (error) {
    parentPort!.postMessage({ id: msg.id, crash: (error as Error).stack ?? String(error) });
  }
});
