import { isMainThread } from 'node:worker_threads';

/**
 * Timestamps for finding where a start or a save spends its time: with DOCGEN_DEV_TRACE=1,
 * each mark prints the milliseconds since the process started (performance.now()) to
 * stderr. Off by default, and then free: a mark is one boolean test. Worker threads started
 * after the first mark count from the main thread's start too (their own clock starts later).
 */
const ON = Boolean(process.env.DOCGEN_DEV_TRACE);
if (ON && isMainThread) process.env.DOCGEN_DEV_TRACE_ORIGIN = String(performance.timeOrigin);
const shift = ON && !isMainThread ? performance.timeOrigin - Number(process.env.DOCGEN_DEV_TRACE_ORIGIN ?? performance.timeOrigin) : 0;

export function trace(what: string): void {
  if (ON) process.stderr.write(`[trace ${(performance.now() + shift).toFixed(1)}] ${isMainThread ? '' : 'worker: '}${what}\n`);
}
