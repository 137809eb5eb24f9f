import { dim, green, type Logger } from './logger.js';

/** Runs one named build stage and prints a line with its time (Docusaurus/VitePress style). */
export async function task<T>(logger: Logger, name: string, fn: () => Promise<T> | T, detail?: (result: T) => string): Promise<T> {
  const start = performance.now();
  const result = await fn();
  const ms = performance.now() - start;
  const extra = detail ? ` ${dim(detail(result))}` : '';
  logger.info(`${green('✔')} ${name.padEnd(22)} ${formatMs(ms).padStart(8)}${extra}`);
  return result;
}

export const formatMs = (ms: number) => (ms >= 1000 ? `${(ms / 1000).toFixed(2)} s` : `${Math.round(ms)} ms`);

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
