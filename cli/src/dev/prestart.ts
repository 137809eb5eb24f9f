import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import type { CompileJob } from '../content/compile-job.js';

/**
 * The compile worker of `docgen dev`, started before anything else of dev is loaded: the
 * worker loads the MDX toolchain (its own 150 ms) while this thread loads dev's modules and
 * the site's config, so the first compile waits less for it. It compiles a small page at once,
 * for its code's first run (a page compiled cold took 75 ms at 10,000 pages, 25 warm). The
 * first DevCompiler adopts it. A module of its own, imported by the CLI before dev's: it
 * loads nothing but node's.
 */
let prestarted: Worker | null = null;

export function prestartCompileWorker(): void {
  const file = bundledWorker();
  if (!file || prestarted) return;
  const worker = new Worker(file);
  // Until adopted it keeps nothing alive, and a worker that dies meanwhile is not adopted.
  worker.unref();
  const drop = () => prestarted === worker && (prestarted = null);
  worker.on('error', drop);
  worker.on('exit', drop);
  prestarted = worker;
  // Its answer comes before anyone listens, and is dropped: only the compile's run counts.
  worker.postMessage({ type: 'context', id: -1, pairs: '[]' });
  worker.postMessage({ type: 'job', id: -1, job: { ...warmUpJob([]), linkContext: -1 } });
}

/** A small page through every stage of a compile (front matter, code block, MDX): its first run is the slow one. */
export function warmUpJob(staticDirs: string[]): CompileJob {
  return {
    body: '# docgen\n\n```js\nconst a = 1;\n```\n',
    sourcePath: path.join(staticDirs[0] ?? process.cwd(), 'warm-up.mdx'),
    siteRelativePath: 'warm-up.mdx',
    routePath: '/',
    linkContext: 0,
    onBrokenMarkdownLinks: 'ignore',
    mermaid: false,
    staticDirs,
    base: '',
    search: false,
  };
}

/** The prestarted worker, if it runs `file` (once: the next caller starts its own). */
export function adoptCompileWorker(file: string): Worker | null {
  const worker = prestarted && file === bundledWorker() ? prestarted : null;
  prestarted = null;
  return worker;
}

/** dist/compile-worker.js beside the bundled CLI, or null when running from source. */
export function bundledWorker(): string | null {
  const file = fileURLToPath(new URL('./compile-worker.js', import.meta.url));
  return existsSync(file) ? file : null;
}
