import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { parentPort, workerData } from 'node:worker_threads';
import type { PageData } from '@docgen/core/types';
import { contentKey } from '../output/content-key.js';
import { searchDocument, type SearchSection } from '../search/index.js';
import { cachedSearchAssets, readAnalyses, searchIndexRel } from './search-assets.js';
import type { SearchWorkerJob, WrittenSearchFile } from './search-stage.js';
import type { SearchPreload, SearchThreadMessage } from './search-thread.js';

/**
 * Worker thread of the search stage (see SearchThread): reads the last build's analyses as
 * soon as it starts, then builds the indexes it is sent and writes their files into the
 * staging folder itself, each only when the previous build's file differs (as render workers
 * write pages); the main thread records them. The caches are written after the reply.
 */
const preload = workerData as SearchPreload;
const last = new Map(preload.groups.map((group) => [group, readAnalyses(preload.cacheDir, group, preload.engine)]));
const send = (message: SearchThreadMessage) => parentPort!.postMessage(message);

parentPort!.once('message', async (job: SearchWorkerJob) => {
  const start = performance.now();
  try {
    mkdirSync(path.join(job.staging, 'assets'), { recursive: true });
    const write = (rel: string, content: string): WrittenSearchFile => {
      const bytes = Buffer.from(content);
      const key = contentKey(bytes);
      const written = key !== job.previous[rel];
      if (written) writeFileSync(path.join(job.staging, rel), bytes);
      return { rel, key, written };
    };
    const later: (() => void)[] = [];
    const groups: Extract<SearchThreadMessage, { type: 'written' }>['groups'] = [];
    for (const g of job.groups) {
      const docs = g.docs.flatMap(([page, text]) => {
        const sections = JSON.parse(text) as SearchSection[] | null;
        return sections ? [searchDocument(page as PageData, sections)] : [];
      });
      const { index, files } = await cachedSearchAssets(docs, { cacheDir: job.cacheDir, engine: job.engine, group: g.group, named: g.named, last: last.get(g.group), later: (w) => later.push(w) });
      groups.push({ group: g.group, index: write(searchIndexRel(g.group, index), index), files: files.map((f) => write(`assets/${f.name}`, f.content)) });
    }
    send({ type: 'written', groups, ms: performance.now() - start });
    try {
      for (const w of later) w();
    } catch {
      // Best effort: a cache that cannot be written costs the next build time, not this one.
    }
    send({ type: 'cached' });
  } catch (error) {
    send({ type: 'error', error: error instanceof Error ? (error.stack ?? error.message) : String(error) });
  }
});
