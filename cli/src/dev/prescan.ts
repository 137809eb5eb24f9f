import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import { FsSnapshot, type SnapshotMessage } from '../content/fs-snapshot.js';

/**
 * The file kinds scanFiles is asked for (load-docs.ts DOC_EXTENSIONS, load-pages.ts
 * PAGE_EXTENSIONS; a test keeps them equal). Not imported: this module loads before the rest
 * of docgen, and those modules bring the front matter parser with them.
 */
export const SNAPSHOT_EXTENSIONS = ['.md', '.mdx', '.tsx', '.jsx', '.js'];

/** Where a start records the folders its route table walked, for the next start's snapshot. */
const hintFile = (siteDir: string) => path.join(siteDir, '.docgen', 'cache', 'dev-scan.json');

let pending: { siteDir: string; snapshot: Promise<FsSnapshot | null> } | null = null;

/**
 * Starts walking the content folders the previous start walked, on a worker thread, as soon as
 * `docgen dev` starts: the walk and a stat of every doc then run while the main thread loads
 * docgen's modules and the config, instead of inside the route table's first build. Nothing
 * when there was no previous start or the CLI runs from its sources (no worker file).
 */
export function prescan(siteDir: string): void {
  const site = path.resolve(siteDir);
  let roots: string[];
  try {
    roots = (JSON.parse(readFileSync(hintFile(site), 'utf8')) as { roots: string[] }).roots.map((r) => path.resolve(site, r));
  } catch {
    return;
  }
  const file = fileURLToPath(new URL('./fs-snapshot-worker.js', import.meta.url));
  if (!existsSync(file)) return;
  const snapshot = new Promise<FsSnapshot>((resolve, reject) => {
    const worker = new Worker(file, { workerData: { roots, extensions: SNAPSHOT_EXTENSIONS } });
    worker.once('message', (message: SnapshotMessage) => {
      resolve(new FsSnapshot(message));
      void worker.terminate();
    });
    worker.once('error', reject);
    worker.once('exit', () => reject(new Error('the folder snapshot ended without a reply')));
  }).catch(() => null); // the route table reads the disk instead
  pending = { siteDir: site, snapshot };
}

/**
 * The snapshot started for this site, once: only the first route table may read it (later ones
 * follow changes the snapshot predates). Without one, an empty view, which reads the disk and
 * records the folders walked.
 */
export async function takePrescan(siteDir: string): Promise<FsSnapshot> {
  const started = pending?.siteDir === path.resolve(siteDir) ? pending.snapshot : null;
  pending = null;
  return (await started) ?? new FsSnapshot();
}

/** Records the folders a route table walked when they differ from the record (best effort). */
export function rememberScanned(siteDir: string, scanned: Set<string>): void {
  const site = path.resolve(siteDir);
  const roots = [...scanned].map((r) => path.relative(site, r)).sort();
  const file = hintFile(site);
  try {
    const known = JSON.parse(readFileSync(file, 'utf8')) as { roots: string[] };
    if (JSON.stringify(known.roots) === JSON.stringify(roots)) return;
  } catch {
    // none yet
  }
  try {
    mkdirSync(path.dirname(file), { recursive: true });
    const tmp = `${file}.${process.pid}.tmp`;
    writeFileSync(tmp, JSON.stringify({ roots }));
    renameSync(tmp, file);
  } catch {
    // read-only site folder: the next start walks on its main thread
  }
}
