import { transform } from 'esbuild';
import path from 'node:path';
import type { PageData } from '@docgen/core/types';
import { evaluateCommonJs } from './evaluate.js';
import type { ServerBundle } from './site.js';
import { writeOutFile } from '../output/write.js';
import { mapLimit } from '../utils/task.js';
import { contentHash } from '../build/assets.js';

/**
 * Most pages are plain MDX: their compiled module imports nothing but the JSX runtime.
 * Such a module needs no bundler: esbuild's transform turns it into a CommonJS function for
 * the prerender and a minified ES module for the browser that imports the shared runtime by
 * URL. Only pages with imports of their own go through the bundles, which keeps the
 * bundler's work and memory flat as a site grows (1000 pages: 1000 fewer entry points).
 */
const JSX_RUNTIME = 'react/jsx-runtime';
const PLACEHOLDER = '__docgen_jsx_runtime__';

/** True when every import/re-export of the module is from the JSX runtime. */
export function isStandalone(code: string): boolean {
  const specifiers = [...code.matchAll(/^\s*(?:import|export)\b[^;'"]*?\bfrom\s*(["'])([^"']+)\1/gm)].map((m) => m[2]);
  const bareImports = /^\s*import\s*["']/m.test(code) || /\bimport\s*\(/.test(code);
  return !bareImports && specifiers.every((s) => s === JSX_RUNTIME);
}

/** Evaluates standalone modules for the prerender, with the server bundle's React. */
export async function evaluateForServer(codes: Map<number, string>, server: ServerBundle): Promise<Map<number, { default?: unknown }>> {
  const out = new Map<number, { default?: unknown }>();
  const require = (id: string) => {
    if (id === JSX_RUNTIME) return server.jsxRuntime;
    throw new Error(`docgen: a standalone page imported ${id}`);
  };
  await mapLimit([...codes], 16, async ([i, code]) => {
    const { code: cjs } = await transform(code, { format: 'cjs', loader: 'js', target: 'node20' });
    out.set(i, evaluateCommonJs(cjs, `docgen-page-${i}.cjs`, require));
  });
  return out;
}

export interface ChunkFiles {
  /** Absolute path of the chunk. */
  js: string;
  css: string[];
  /** Modules it imports statically (absolute or esbuild-metafile paths), for modulepreload. */
  imports: string[];
}

/**
 * Writes the browser chunk of each standalone route (content code or null, plus its page
 * data) under assets/r/, content-hashed, importing the runtime entry by URL.
 */
export async function writeStandaloneChunks(opts: {
  staging: string;
  routes: Map<number, { name: string; code: string | null; page: PageData }>;
  runtime: { url: string; files: string[] };
}): Promise<Map<number, ChunkFiles>> {
  const out = new Map<number, ChunkFiles>();
  await mapLimit([...opts.routes], 16, async ([i, { name, code, page }]) => {
    const source = (code ? code.replaceAll(`"${JSX_RUNTIME}"`, `"${PLACEHOLDER}"`).replaceAll(`'${JSX_RUNTIME}'`, `"${PLACEHOLDER}"`) : '') + `\nexport const page = ${JSON.stringify(page)};\n`;
    const { code: minified } = await transform(source, { format: 'esm', loader: 'js', minify: true, target: 'es2020' });
    const text = minified.replaceAll(`"${PLACEHOLDER}"`, JSON.stringify(opts.runtime.url));
    const rel = `assets/${name}-${contentHash(text).toUpperCase()}.js`;
    writeOutFile(opts.staging, rel, text);
    out.set(i, { js: path.join(opts.staging, rel), css: [], imports: code ? opts.runtime.files : [] });
  });
  return out;
}
