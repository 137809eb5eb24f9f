import { transform } from 'esbuild';
import path from 'node:path';
import type { PageData } from '@docgen/core/types';
import { evaluateCommonJs } from './evaluate.js';
import type { ServerBundle } from './site.js';
import { writeOutFile } from '../output/write.js';
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

/**
 * Writes the browser chunk of each standalone route (its module, or none for generated
 * pages, plus its page data) under assets/r/, content-hashed, importing the runtime by URL.
 */
export async function writeStandaloneChunks(opts: {
  staging: string;
  /** Each route's chunk name, module (read when written: it may come from the disk) and page data. */
  routes: Map<number, { name: string; esm: () => string | null; page: PageData }>;
  runtime: { url: string; files: string[] };
}): Promise<Map<number, ChunkFiles>> {
  const out = new Map<number, ChunkFiles>();
  // The loop is synchronous: without turns, half the chunks were written on this thread (0.7 s at 1000 pages).
  const turn = eventLoopTurns();
  for (const [i, { name, esm: read, page }] of opts.routes) {
    await turn();
    const esm = read();
    const text = (esm ?? '').replaceAll(`"${PLACEHOLDER}"`, JSON.stringify(opts.runtime.url)) + `export const page=${JSON.stringify(page)};\n`;
    const rel = `assets/${name}-${contentHash(text).toUpperCase()}.js`;
    writeOutFile(opts.staging, rel, text);
    out.set(i, { js: path.join(opts.staging, rel), css: [], imports: esm ? opts.runtime.files : [] });
  }
  return out;
}
