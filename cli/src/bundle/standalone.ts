import { transform } from 'esbuild';
import path from 'node:path';
import type { PageData } from '@docgen/core/types';
import { evaluateCommonJs } from './evaluate.js';
import type { ServerBundle } from './site.js';
import { keepOutFile, writeOutFile } from '../output/write.js';
import { eventLoopTurns } from '../utils/task.js';
import { contentHash } from '../build/assets.js';
import { isStandalone, JSX_RUNTIME, RUNTIME_PLACEHOLDER as PLACEHOLDER, type StandaloneCode } from '../content/standalone-forms.js';

/**
 * Most pages are plain MDX: their compiled module imports nothing but the JSX runtime.
 * Such a module needs no bundler: it is run as a CommonJS function for the prerender and
 * loaded as an ES module by the browser, importing the shared runtime by URL. Only pages with
 * imports of their own go through the bundles, which keeps the bundler's work and memory flat
 * as a site grows (1000 pages: 1000 fewer entry points).
 */
export { isStandalone, type StandaloneCode };

/**
 * Both forms of one standalone module by two esbuild transforms, for code compiled without
 * them (the compiler prints them itself: content/standalone-forms.ts).
 */
export async function transformStandalone(code: string): Promise<StandaloneCode> {
  const browser = code.replaceAll(`"${JSX_RUNTIME}"`, `"${PLACEHOLDER}"`).replaceAll(`'${JSX_RUNTIME}'`, `"${PLACEHOLDER}"`);
  const [cjs, esm] = await Promise.all([
    transform(code, { format: 'cjs', loader: 'js', target: 'node20' }),
    transform(browser, { format: 'esm', loader: 'js', minify: true, target: 'es2020' }),
  ]);
  return { cjs: cjs.code, esm: esm.code };
}

/**
 * Puts each standalone module into the prerender's routes, evaluated (with the server
 * bundle's React) only when first read: a rebuild whose pages all come from the render cache
 * evaluates none of them.
 */
export function installForServer(indexes: Iterable<number>, cjs: (i: number) => string | null, server: ServerBundle): void {
  const require = (id: string) => {
    if (id === JSX_RUNTIME) return server.jsxRuntime;
    throw new Error(`docgen: a standalone page imported ${id}`);
  };
  for (const i of indexes) {
    let mod: { default?: unknown } | undefined;
    Object.defineProperty(server.routes, i, {
      enumerable: true,
      configurable: true,
      get: () => {
        const code = mod ? null : cjs(i);
        if (code !== null) mod = evaluateCommonJs(code, `docgen-page-${i}.cjs`, require);
        return mod;
      },
    });
  }
}

/**
 * Forgets a standalone page's evaluated module once its page is rendered: its functions keep
 * their script's source alive, which for every page of a large site is most of the heap.
 */
export function releaseForServer(server: ServerBundle, i: number): void {
  Object.defineProperty(server.routes, i, { enumerable: true, configurable: true, writable: true, value: undefined });
}

export interface ChunkFiles {
  /** Absolute path of the chunk. */
  js: string;
  css: string[];
  /** Modules it imports statically (absolute or esbuild-metafile paths), for modulepreload. */
  imports: string[];
}

/** A standalone chunk a build wrote: its file, the output record's key of it, and whether it has a module. */
export interface ChunkRecord {
  rel: string;
  key: string;
  module: boolean;
}

/** Chunk records kept between builds, by route index and everything else the chunk is made of (see StandaloneStore). */
export interface ChunkRecords {
  get(i: number, inputs: string): ChunkRecord | null;
  put(i: number, inputs: string, record: ChunkRecord): void;
}

/**
 * Writes the browser chunk of each standalone route (its module, or none for generated
 * pages, plus its page data) under assets/r/, content-hashed, importing the runtime by URL.
 * A chunk the previous build wrote from the same inputs (`records`) stays as it is, unread.
 */
export async function writeStandaloneChunks(opts: {
  staging: string;
  /** Each route's chunk name, module (read when written: it may come from the disk) and page data. */
  routes: Map<number, { name: string; esm: () => string | null; page: PageData }>;
  runtime: { url: string; files: string[] };
  records?: ChunkRecords;
}): Promise<Map<number, ChunkFiles>> {
  const out = new Map<number, ChunkFiles>();
  const files = (rel: string, module: boolean): ChunkFiles => ({ js: path.join(opts.staging, rel), css: [], imports: module ? opts.runtime.files : [] });
  // The loop is synchronous: without turns, half the chunks were written on this thread (0.7 s at 1000 pages).
  const turn = eventLoopTurns();
  for (const [i, { name, esm: read, page }] of opts.routes) {
    await turn();
    // The module's own identity is the record's key in the store: the rest of what the chunk is made of.
    const inputs = JSON.stringify([name, opts.runtime.url, page]);
    const kept = opts.records?.get(i, inputs);
    if (kept && keepOutFile(opts.staging, kept.rel, kept.key)) {
      out.set(i, files(kept.rel, kept.module));
      continue;
    }
    const esm = read();
    const text = (esm ?? '').replaceAll(`"${PLACEHOLDER}"`, JSON.stringify(opts.runtime.url)) + `export const page=${JSON.stringify(page)};\n`;
    const rel = `assets/${name}-${contentHash(text).toUpperCase()}.js`;
    const key = writeOutFile(opts.staging, rel, text);
    if (key) opts.records?.put(i, inputs, { rel, key, module: esm !== null });
    out.set(i, files(rel, esm !== null));
  }
  return out;
}
