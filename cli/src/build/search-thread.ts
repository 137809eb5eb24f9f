import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import type { SearchWorkerJob, WrittenSearchFile } from './search-stage.js';

/** What the search worker reads before its job comes: the last build's analyses of these groups. */
export interface SearchPreload {
  cacheDir: string;
  engine: string;
  groups: string[];
}

export type SearchThreadMessage =
  | { type: 'written'; groups: { group: string; index: WrittenSearchFile; files: WrittenSearchFile[] }[]; ms: number }
  | { type: 'cached' }
  | { type: 'error'; error: string };

const workerFile = () => fileURLToPath(new URL('./search-worker.js', import.meta.url));

/**
 * The search worker thread (search-worker.ts). It may start before its job is known: a
 * rebuild that found a few docs changed starts it with the build, so that loading its code
 * and the last build's analyses (a tenth of an edit rebuild's index at 1000 pages) happens
 * beside the compile. It replies once the index files are written, and writes the search
 * caches after that, beside the build's last stages (`settled`).
 */
export class SearchThread {
  private readonly worker: Worker;
  private readonly written: Promise<Extract<SearchThreadMessage, { type: 'written' }>>;
  private readonly cached: Promise<void>;
  private sent = false;

  private constructor(file: string, preload: SearchPreload) {
    this.worker = new Worker(file, { workerData: preload });
    const messages: ((m: SearchThreadMessage) => void)[] = [];
    const failed = new Promise<never>((_, reject) => {
      this.worker.once('error', reject);
      this.worker.once('exit', (code) => reject(new Error(`search worker exited (${code}) before its reply`)));
      this.worker.on('message', (m: SearchThreadMessage) => (m.type === 'error' ? reject(new Error(`search index: ${m.error}`)) : messages.shift()?.(m)));
    });
    failed.catch(() => undefined); // reported through written/cached, when awaited
    const next = <T extends SearchThreadMessage['type']>() => Promise.race([new Promise<Extract<SearchThreadMessage, { type: T }>>((resolve) => messages.push(resolve as (m: SearchThreadMessage) => void)), failed]);
    // Both waited for now, in the order the worker sends them.
    this.written = next<'written'>();
    this.cached = next<'cached'>().then(() => void this.worker.terminate());
    this.written.catch(() => undefined);
    this.cached.catch(() => undefined);
  }

  /** A thread, when the build is bundled (running from sources there is no worker file). */
  static start(preload: SearchPreload): SearchThread | null {
    const file = workerFile();
    return existsSync(file) ? new SearchThread(file, preload) : null;
  }

  /** Sends the job; resolves with the files written once the indexes are. */
  run(job: SearchWorkerJob): Promise<Extract<SearchThreadMessage, { type: 'written' }>> {
    this.sent = true;
    this.worker.postMessage(job);
    return this.written;
  }

  /** Once the worker has written the caches (or at once, if it never got a job). */
  settled(): Promise<void> {
    if (!this.sent) {
      void this.worker.terminate();
      return Promise.resolve();
    }
    return this.cached;
  }
}
