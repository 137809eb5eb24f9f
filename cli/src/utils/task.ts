import { readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { writeHeapSnapshot } from 'node:v8';
import { dim, green, type Logger } from './logger.js';

/** Runs one named build stage and prints a line with its time (Docusaurus/VitePress style). */
export async function task<T>(logger: Logger, name: string, fn: () => Promise<T> | T, detail?: (result: T) => string): Promise<T> {
  const start = performance.now();
  const result = await fn();
  const ms = performance.now() - start;
  const extra = (detail ? ` ${dim(detail(result))}` : '') + memoryTrace(name);
  logger.info(`${green('✔')} ${name.padEnd(22)} ${formatMs(ms).padStart(8)}${extra}`);
  return result;
}

export const formatMs = (ms: number) => (ms >= 1000 ? `${(ms / 1000).toFixed(2)} s` : `${Math.round(ms)} ms`);

/**
 * For long synchronous loops on the main thread: the returned function resolves at once until
 * `ms` have passed since the last turn, then lets the event loop turn. File writes run on
 * libuv's threads, and their completions (which start the next writes and free the write
 * queue's budget) only run on a turn: without one, the queue fills and the loop ends up
 * writing files itself (see WriteQueue).
 */
export function eventLoopTurns(ms = 4): () => Promise<void> | void {
  let since = performance.now();
  return () => {
    if (performance.now() - since <= ms) return;
    return new Promise<void>((resolve) =>
      setImmediate(() => {
        since = performance.now();
        resolve();
      }),
    );
  };
}

/** Maps with at most `limit` promises in flight. */
export async function mapLimit<T, R>(items: T[], limit: number, fn: (item: T, i: number) => Promise<R>): Promise<R[]> {
  const out = new Array<R>(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const i = next++;
      out[i] = await fn(items[i], i);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  return out;
}

/**
 * DOCGEN_TRACE_MEMORY=1: each stage line also gives the heap, external memory and RSS after
 * it, and the highest RSS so far (VmHWM, so a peak inside a stage shows at its end), in MiB.
 * Run node with --expose-gc to see the live heap (collected first) rather than what awaits
 * collection. DOCGEN_HEAP_SNAPSHOT=<stage>[,<stage>] also writes a heap snapshot after those
 * stages into the temporary folder (bench/README.md, "Memory").
 */
function memoryTrace(stage: string): string {
  if (!process.env.DOCGEN_TRACE_MEMORY) return '';
  if (process.env.DOCGEN_HEAP_SNAPSHOT?.split(',').includes(stage)) writeHeapSnapshot(path.join(tmpdir(), `docgen-${stage.replace(/\W+/g, '-')}.heapsnapshot`));
  (globalThis as { gc?: () => void }).gc?.();
  const m = process.memoryUsage();
  const mib = (n: number) => Math.round(n / 1048576);
  const hwm = /VmHWM:\s+(\d+)/.exec(readFileSafe('/proc/self/status'))?.[1];
  return dim(` [heap ${mib(m.heapUsed)}/${mib(m.heapTotal)}, external ${mib(m.external)}, rss ${mib(m.rss)}${hwm ? `, peak ${Math.round(Number(hwm) / 1024)}` : ''} MiB]`);
}

function readFileSafe(file: string): string {
  try {
    return readFileSync(file, 'utf8');
  } catch {
    return ''; // not Linux
  }
}
