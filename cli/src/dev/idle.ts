/**
 * Work nobody waits for (the link check's renders of other pages, the doc cache's file) is
 * put off until the server has been quiet for a moment: a compile cannot be interrupted, and
 * one started for the link check just before a save made that save wait for it (the first
 * save after a start, at 1000 pages: 40 ms). Requests and saved files count as activity.
 */
const QUIET_MS = 250;
/** Past this, the work runs anyway (a client polling without pause must not starve it). */
const MAX_WAIT_MS = 5000;

let lastBusy = -Infinity;

/** Something a writer or a browser waits for just happened (a request, a saved file). */
export function markBusy(): void {
  lastBusy = performance.now();
}

/** Resolves once nothing happened for QUIET_MS (at once when that is so already), or after MAX_WAIT_MS. */
export function whenQuiet(): Promise<void> {
  const start = performance.now();
  return new Promise((resolve) => {
    const check = () => {
      const now = performance.now();
      const left = Math.min(QUIET_MS - (now - lastBusy), MAX_WAIT_MS - (now - start));
      if (left <= 0) return resolve();
      setTimeout(check, left).unref();
    };
    check();
  });
}
