import { setFlagsFromString } from 'node:v8';

/**
 * V8 optimises a function once it has run a set amount of bytecode (its interrupt budget).
 * Dev's work comes in short bursts (a save every few seconds) over code that sees new node
 * shapes at each burst: at the default budget the first dozens of saves spent about a third
 * of their CPU on optimising and deoptimising the MDX toolchain and React. A build's compile
 * and render are the same code over many pages: there too a later tier-up cost less CPU
 * (35 pages 1.3 -> 1.2 s, 1000 pages 10.8 -> 10.1 s, alternated) and less memory.
 * Four times the budget tiers only what stays hot. Process-wide, so worker threads (started
 * later) have it too; set before any of the command's own work runs.
 */
export function tierUpLater(): void {
  setFlagsFromString(`--interrupt-budget=${INTERRUPT_BUDGET}`);
}

/** V8's default is 66 KB of bytecode (`node --v8-options`). */
export const INTERRUPT_BUDGET = 256 * 1024;

/**
 * V8 lets a heap grow up to four times its live size before the next full collection. A
 * build's live heap is small beside what it allocates (a page's strings are garbage once
 * written), so with the main thread and a render worker each growing freely the 1000-page
 * build peaked at 430-450 MB of RSS. At 1.4 times it peaks at 340-350 MB for the same CPU
 * (1.3 cost 5-10% more CPU; alternated runs). Process-wide, like the budget above.
 */
export function boundHeapGrowth(): void {
  // DOCGEN_HEAP_GROWING_PERCENT: for measuring other settings (bench/README.md, "Memory").
  setFlagsFromString(`--heap-growing-percent=${Number(process.env.DOCGEN_HEAP_GROWING_PERCENT) || HEAP_GROWING_PERCENT}`);
}

const HEAP_GROWING_PERCENT = 40;
