// Issue 14's search figure: the bytes a reader downloads before the first search result,
// gzip level 6: the search runtime chunk (and what it imports statically) plus every data
// file the runtime fetches to answer the first query (the whole index, or a sharded index's
// meta file, the term files the query reaches and the page files of the results it lists).
// Page text files (excerpts) come after the first result and are not counted. The runtime is
// the repository's own (core/src/search/runtime.ts), run in node against the build's files.
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { gzipSync } from 'node:zlib';
import { build } from 'esbuild';

const REPO = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const gzip = (buf) => gzipSync(buf, { level: 6 }).length;
let runtime = null;

async function loadRuntime() {
  if (runtime) return runtime;
  const dir = mkdtempSync(path.join(tmpdir(), 'docgen-search-weight-'));
  try {
    const outfile = path.join(dir, 'runtime.mjs');
    await build({ entryPoints: [path.join(REPO, 'core/src/search/runtime.ts')], bundle: true, platform: 'neutral', format: 'esm', outfile, logLevel: 'warning', mainFields: ['module', 'main'] });
    runtime = await import(pathToFileURL(outfile).href);
    return runtime;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** The runtime chunk of the build (the one holding the index-format check) and its static imports. */
function runtimeChunks(outDir) {
  const chunks = path.join(outDir, 'assets', 'chunks');
  const first = readdirSync(chunks).find((f) => f.endsWith('.js') && readFileSync(path.join(chunks, f), 'utf8').includes('Search index format'));
  const seen = new Set();
  const visit = (name) => {
    if (seen.has(name) || !existsSync(path.join(chunks, name))) return;
    seen.add(name);
    const text = readFileSync(path.join(chunks, name), 'utf8');
    for (const m of text.matchAll(/(?:^|[;}\s])(?:import|export)\s*(?:[^'"()]*?from\s*)?["']([^"']+\.js)["']/g)) visit(path.basename(m[1]));
  };
  if (first) visit(first);
  return [...seen].map((n) => path.join(chunks, n));
}

/**
 * Runs `query` (typed, no trailing space: the last word is a prefix, as while typing) against
 * the index at `indexUrl` of the build in `outDir`; returns the gzip bytes before its result.
 */
export async function searchWeight(outDir, indexUrl, query) {
  if (!indexUrl) return { error: 'no search index' };
  const { loadSearch } = await loadRuntime();
  const fetched = [];
  const fetchImpl = async (href) => {
    const rel = decodeURI(new URL(href).pathname).replace(/^\/+/, '');
    const file = path.join(outDir, rel);
    if (!existsSync(file)) return new Response('', { status: 404 });
    const buf = readFileSync(file);
    fetched.push({ rel, gzip: gzip(buf) });
    return new Response(buf, { status: 200, headers: { 'content-type': 'application/json' } });
  };
  const searcher = await loadSearch(`http://bench${indexUrl}`, fetchImpl);
  await searcher.prepare?.(query, 8);
  const results = searcher.search(query, 8);
  const runtimeGzip = runtimeChunks(outDir).reduce((sum, f) => sum + gzip(readFileSync(f)), 0);
  const dataGzip = fetched.reduce((sum, f) => sum + f.gzip, 0);
  return { query, results: results.length, runtimeGzip, dataGzip, files: fetched.length, totalGzip: runtimeGzip + dataGzip };
}
