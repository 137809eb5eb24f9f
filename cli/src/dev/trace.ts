/**
 * Timestamps for finding where a start or a save spends its time: with DOCGEN_DEV_TRACE=1,
 * each mark prints the milliseconds since the process started (performance.now()) to
 * stderr. Off by default, and then free: a mark is one boolean test.
 */
const ON = Boolean(process.env.DOCGEN_DEV_TRACE);

export function trace(what: string): void {
  if (ON) process.stderr.write(`[trace ${performance.now().toFixed(1)}] ${what}\n`);
}
