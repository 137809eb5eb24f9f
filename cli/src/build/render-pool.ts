import { existsSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { fileURLToPath } from 'node:url';
import { runOnWorkers } from '../utils/worker-pool.js';
import type { PageData, SidebarItem, SiteData } from '@docgen/core/types';

/** Below this many pages to render, starting workers (each evaluates the bundle) costs more than it saves. */
export const MIN_PAGES_FOR_WORKERS = 64;

export interface RenderSetup {
  type: 'setup';
  /** The prerender bundle's code. */
  code: string;
  sites: [string, SiteData][];
  sidebars: [string, SidebarItem[]][];
}

export interface RenderJob {
  type: 'job';
  id: number;
  /** The route's index in the prerender bundle's routes. */
  index: number;
  /** A standalone page's CommonJS module, or null when the bundle holds the route. */
  cjs: string | null;
  site: string;
  sidebar: string | null;
  page: PageData;
}

export type RenderReply = { id: number; body: string } | { id: number; error: string };

/**
 * Render workers pay for themselves only with cores to spare: on two, the core the main
 * thread's render leaves idle already compresses the pages as they are written, and two
 * workers (each evaluating the bundle and warming React up) cost a 1000-page build half again
 * its render CPU and 250 MB for no shorter wall time (measured, noisy machine).
 */
const MIN_THREADS_FOR_WORKERS = 4;

/**
 * The bundled render worker beside the CLI's files, or null: running from sources (tests), or
 * fewer threads than MIN_THREADS_FOR_WORKERS (DOCGEN_THREADS overrides the core count).
 */
export function renderWorkerFile(): string | null {
  const file = fileURLToPath(new URL('./render-worker.js', import.meta.url));
  return existsSync(file) && threadCount() >= MIN_THREADS_FOR_WORKERS ? file : null;
}

const threadCount = () => Math.min(Number(process.env.DOCGEN_THREADS) || availableParallelism(), 8);

/**
 * Renders page bodies on worker threads, one per core: React's render is CPU-bound and
 * per-page independent, and the compile workers have ended by then. Each worker evaluates
 * the prerender bundle once. Replies come back by job id; a page whose render threw gets
 * its message, for the caller to report with the page's file.
 */
export async function renderInWorkers(workerFile: string, setup: Omit<RenderSetup, 'type'>, jobs: Omit<RenderJob, 'type' | 'id'>[]): Promise<RenderReply[]> {
  return runOnWorkers<Omit<RenderJob, 'type' | 'id'>, RenderReply>({
    file: workerFile,
    threads: Math.max(1, Math.min(threadCount(), Math.ceil(jobs.length / 32))),
    setup: [{ type: 'setup', ...setup } satisfies RenderSetup],
    jobs,
    message: (job, id) => ({ type: 'job', id, ...job }) satisfies RenderJob,
  });
}
