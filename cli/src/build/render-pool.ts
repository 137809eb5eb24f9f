import { existsSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import type { PageData, SidebarItem, SiteData } from '@docgen/core/types';
import type { HtmlAssets } from '../render/html-template.js';
import type { PageUrls } from '../render/render-page.js';

/** Below this many pages to render, a worker (it evaluates the bundle) costs more than it saves. */
export const MIN_PAGES_FOR_WORKERS = 64;
/** Each worker holds its own prerender bundle and React (tens of MB): more would pass the memory budget. */
const MAX_WORKERS = 3;
/**
 * A worker's young generation: V8's default (up to 48 MB) is mostly garbage between
 * scavenges of a page's strings; 16 MB took 25 MB off the 1000-page build's peak RSS
 * (326-327 against 349-355 MB, alternated) for the same CPU.
 */
const WORKER_YOUNG_GENERATION_MB = 16;
/**
 * Bodies a worker renders ahead (RenderPool.prerender), and the most it holds: the data and
 * client stages last about a second at 1000 pages (300 bodies' worth), and a body is 50-120 KB.
 */
const EARLY_BODIES_PER_WORKER = 400;
export const EARLY_BODY_BYTES = 48 * 2 ** 20;
/** Jobs queued per worker: enough that it does not idle while the main thread goes long between event-loop turns (a job is a page's module, tens of KB). */
const QUEUED_PER_WORKER = 128;

export interface RenderSetup {
  type: 'setup';
  /** The prerender bundle's code. */
  code: string;
  sites: [string, SiteData][];
  sidebars: [string, SidebarItem[]][];
}

/** What a page's body renders from. */
export interface BodyJob {
  /** The route's index in the prerender bundle's routes. */
  index: number;
  /** A standalone page's CommonJS module, or null when the bundle holds the route. */
  cjs: string | null;
  site: string;
  sidebar: string | null;
  page: PageData;
}

/** A body rendered ahead of its document (RenderPool.prerender). */
export interface EarlyBodyJob extends BodyJob {
  type: 'body';
  slot: number;
  claims: SharedArrayBuffer;
}

/** Everything a worker needs to render, write and scan one page. */
export interface PageJob extends BodyJob {
  route: string;
  urls: PageUrls;
  assets: HtmlAssets;
  headScript: string;
  siteHead: string | undefined;
  /** Where the page goes, and the key the previous build's file there has (written only when it differs). */
  file: string;
  previousKey: string | null;
  /** Whether to send the body back, for the render cache. */
  wantBody: boolean;
}

export interface RenderJob extends PageJob {
  type: 'job';
  slot: number;
  claims: SharedArrayBuffer;
}

/** A page a worker wrote: its key, whether it was written (false: the previous file has those bytes), links and ids. */
export interface PageDone {
  slot: number;
  key: string;
  written: boolean;
  hrefs: string[];
  ids: string[];
  body: Uint8Array | null;
}
/** A page done, the render's error message, or nothing: the main thread took the page first. */
export type RenderReply = PageDone | { slot: number; error: string } | { slot: number; skipped: true };
export type WorkerResult = Exclude<RenderReply, { skipped: true }>;

/** A job's claim slot: free, or taken by a worker or by the main thread. */
export const Claim = { Free: 0, Worker: 1, Main: 2 } as const;

/**
 * Worker threads that render whole pages beside the main thread's render: each page's body,
 * its document, the file and its links. They start (evaluating the prerender bundle, warming
 * React up) as soon as the bundle exists, beside the data and client stages. The jobs are
 * posted at once from the last page backwards, while the main thread renders from the first
 * forwards; each page is claimed in shared memory by whichever thread reaches it first
 * (Atomics), so the two meet in the middle without waiting for each other and no page is
 * rendered twice. Replies are small (the key, links and ids; the body only for the cache).
 */
export class RenderPool {
  private readonly claims: Int32Array<SharedArrayBuffer>;
  private readonly slotOf = new Map<number, number>();
  private readonly arrived = new Map<number, WorkerResult>();
  private readonly listeners: (() => void)[] = [];
  private failure: Error | null = null;
  private readonly workers: Worker[];
  private make: (index: number) => PageJob | null = () => null;
  /** The worker each body rendered ahead went to: its page's job must go there too. */
  private readonly bodyWorker = new Map<number, Worker>();
  private nextSlot = -1;
  /** How many pages the workers rendered. */
  rendered = 0;

  /** `indexes`: the routes workers may render, in route order (their claim slots). */
  constructor(workerFile: string, threads: number, setup: Omit<RenderSetup, 'type'>, private readonly indexes: number[]) {
    this.claims = new Int32Array(new SharedArrayBuffer(4 * indexes.length));
    indexes.forEach((index, slot) => this.slotOf.set(index, slot));
    this.workers = Array.from({ length: threads }, () => new Worker(workerFile, { resourceLimits: { maxYoungGenerationSizeMb: WORKER_YOUNG_GENERATION_MB } }));
    for (const worker of this.workers) {
      worker.postMessage({ type: 'setup', ...setup } satisfies RenderSetup);
      worker.on('message', (reply: RenderReply) => {
        this.receive(reply);
        this.postNext(worker);
      });
      worker.on('error', (error) => this.fail(error));
      worker.on('exit', (code) => this.fail(new Error(`render worker exited (${code}) with pages unfinished`)));
    }
  }

  /**
   * Renders the last pages' bodies ahead, while the main thread writes the data files and the
   * browser bundles and the other core has nothing else to do. Their documents need the URLs
   * those stages give, so the bodies wait in the workers (up to EARLY_BODY_BYTES each) for
   * their pages' jobs. Posted at once: the main thread does not let the event loop turn then.
   */
  prerender(body: (index: number) => BodyJob): void {
    const count = Math.min(this.indexes.length, EARLY_BODIES_PER_WORKER * this.workers.length);
    for (let n = 0; n < count; n++) {
      const slot = this.indexes.length - 1 - n;
      const worker = this.workers[n % this.workers.length];
      this.bodyWorker.set(slot, worker);
      worker.postMessage({ type: 'body', slot, claims: this.claims.buffer, ...body(this.indexes[slot]) } satisfies EarlyBodyJob);
    }
  }

  /**
   * Offers the pages to the workers, last first (once): `make` gives a page's job, or null for
   * a page that needs none (the previous build's file is kept). Each worker has a few jobs
   * queued at a time, made when posted (a job holds its page's module: all at once would be
   * hundreds of MB at 10,000 pages); the rest are posted as replies come back.
   */
  post(make: (index: number) => PageJob | null): void {
    this.make = make;
    this.nextSlot = this.indexes.length - 1;
    for (const worker of this.workers) for (let n = 0; n < QUEUED_PER_WORKER; n++) this.postNext(worker);
  }

  private postNext(worker: Worker) {
    while (this.nextSlot >= 0) {
      // A slot the main thread took means it has every slot before it too.
      if (Atomics.load(this.claims, this.nextSlot) === Claim.Main) return;
      const slot = this.nextSlot--;
      const job = this.make(this.indexes[slot]);
      if (job) return (this.bodyWorker.get(slot) ?? worker).postMessage({ type: 'job', slot, claims: this.claims.buffer, ...job } satisfies RenderJob);
    }
  }

  /**
   * Takes route `index` for the main thread: true when it is the main thread's to render (no
   * worker has it, or it was never offered), false when a worker took it first.
   */
  claim(index: number): boolean {
    const slot = this.slotOf.get(index);
    return slot === undefined || Atomics.compareExchange(this.claims, slot, Claim.Free, Claim.Main) === Claim.Free;
  }

  /** The pages workers finished since the last call (by route index). */
  take(): [number, WorkerResult][] {
    const out = [...this.arrived];
    this.arrived.clear();
    return out;
  }

  /** Resolves when a page arrives; throws when a worker failed. */
  async next(): Promise<void> {
    if (!this.arrived.size && !this.failure) await new Promise<void>((resolve) => this.listeners.push(resolve));
    if (this.failure) throw this.failure;
  }

  async close(): Promise<void> {
    this.failure ??= new Error('render workers closed');
    await Promise.all(this.workers.map((w) => (w.removeAllListeners('exit'), w.terminate())));
  }

  private receive(reply: RenderReply) {
    if ('skipped' in reply) return;
    this.rendered++;
    this.arrived.set(this.indexes[reply.slot], reply);
    for (const resolve of this.listeners.splice(0)) resolve();
  }

  private fail(error: Error) {
    this.failure ??= error;
    for (const resolve of this.listeners.splice(0)) resolve();
  }
}

/**
 * Starts render workers for a build of `pages` pages to render, or returns null: too few pages,
 * one core, or running from sources (tests), where there is no bundled worker file.
 */
export function startRenderPool(setup: Omit<RenderSetup, 'type'>, indexes: number[]): RenderPool | null {
  const file = fileURLToPath(new URL('./render-worker.js', import.meta.url));
  const threads = Math.min(threadCount() - 1, MAX_WORKERS);
  if (!existsSync(file) || threads < 1 || indexes.length < MIN_PAGES_FOR_WORKERS) return null;
  return new RenderPool(file, threads, setup, indexes);
}

/** DOCGEN_THREADS overrides the core count (tests use it to force or forbid workers). */
const threadCount = () => Math.min(Number(process.env.DOCGEN_THREADS) || availableParallelism(), 8);
