import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { parentPort } from 'node:worker_threads';
import type { PageData } from '@docgen/core/types';
import { contentKey } from '../output/content-key.js';
import { searchDocument, type SearchSection } from '../search/index.js';
import { cachedSearchAssets, searchIndexRel } from './search-assets.js';
import type { SearchWorkerJob, SearchWorkerReply, WrittenSearchFile } from './search-stage.js';

/**
 * Worker thread of the search stage (see searchStage): builds the indexes it is sent and
 * writes their files into the staging folder itself, each only when the previous build's
 * file differs (as render workers write pages); the main thread records them.
 */
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
    const groups: Extract<SearchWorkerReply, { groups: unknown }>['groups'] = [];
    for (const g of job.groups) {
      const docs = g.docs.flatMap(([page, text]) => {
        const sections = JSON.parse(text) as SearchSection[] | null;
        return sections ? [searchDocument(page as PageData, sections)] : [];
      });
      const { index, files } = await cachedSearchAssets(docs, { cacheDir: job.cacheDir, engine: job.engine, group: g.group, named: g.named });
      groups.push({ group: g.group, index: write(searchIndexRel(g.group, index), index), files: files.map((f) => write(`assets/${f.name}`, f.content)) });
    }
    parentPort!.postMessage({ groups, ms: performance.now() - start } satisfies SearchWorkerReply);
  } catch (error) {
    parentPort!.postMessage({ error: error instanceof Error ? (error.stack ?? error.message) : String(error) } satisfies SearchWorkerReply);
  }
});
