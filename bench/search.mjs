#!/usr/bin/env node
// Search bench (issue 6): index size and build time at each corpus size, bytes fetched before
// the first result, and query times in the browser. Prints markdown on stdout (progress on
// stderr); never fails on a slow figure. Run by bench/run.mjs (`npm run bench -- --only search`)
// with its corpora and builds, or alone: `node bench/search.mjs --sizes 35,1000 --runs 3`.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { gzipSync } from 'node:zlib';
import { build } from 'esbuild';
import { ensureCorpus } from './corpus/generate.mjs';
import { fmtBytes, fmtMs, fmtRange, mdTable, summarize, verdict } from './lib/format.mjs';
import { searchWeight } from './lib/search-weight.mjs';
import { measureInBrowser } from './search.browser.mjs';
import { generateSearchCorpus } from './search.corpus.mjs';
import { benchQueries } from './search.queries.mjs';

const BENCH = path.dirname(fileURLToPath(import.meta.url));
const REPO = path.resolve(BENCH, '..');
const BEFORE_FIRST_RESULT_BUDGET = 400 * 1024;
const QUERY_P95_BUDGET_MS = 50;
const log = (m) => process.stderr.write(`${m}\n`);

const arg = (name) => { const i = process.argv.indexOf(name); return i >= 0 ? process.argv[i + 1] : undefined; };
const sizes = (arg('--sizes') ?? process.env.DOCGEN_BENCH_SIZES ?? '35,1000').split(',').map(Number);
const runs = Number(arg('--runs') ?? process.env.DOCGEN_BENCH_RUNS ?? 3);
const givenBuilds = JSON.parse(process.env.DOCGEN_BENCH_BUILDS || '{}');

const search = await loadSearchModule();
const rows = { index: [], browser: [] };
const notes = [];
for (const n of sizes) {
  log(`search N=${n}:`);
  const dir = givenBuilds[n] ?? buildCorpus(n);
  if (!dir) {
    rows.index.push([n, 'build failed', '', '', '', '', '', '', '', '']);
    continue;
  }
  const site = readBuild(dir);
  const docs = site.textsWritten ? rebuildDocs(site) : null;
  if (!docs) notes.push(`N=${n}: the build wrote no page text files, so index build time is measured on bench/search.corpus.mjs's ${n} generated pages and excerpts are not timed.`);
  const buildMs = timeIndexBuild(docs ?? generateSearchCorpus(n));
  const { queries, typing } = benchQueries(site.file, 100, 20);
  // A sharded index (large sites): the meta file plus the files the first query reaches.
  const beforeFirst = site.sharded ? (await searchWeight(dir, site.indexUrl, queries[0])).totalGzip : site.runtimeGzip + site.indexGzip;
  rows.index.push([
    n, site.pages, site.sections, `${fmtBytes(site.indexRaw)}${site.sharded ? ' (sharded: meta file)' : ''}`, fmtBytes(site.indexGzip), fmtBytes(site.runtimeGzip),
    fmtBytes(beforeFirst), verdict(beforeFirst, BEFORE_FIRST_RESULT_BUDGET),
    site.textsWritten ? `${site.textFiles} × ${fmtBytes(site.textGzipAvg)}` : 'not written', fmtRange(buildMs, fmtMs),
  ]);

  const timings = await measureInBrowser({
    buildDir: dir, runtimeUrl: site.runtimeUrl, indexUrl: site.indexUrl, queries, typing,
    excerptQueries: site.textsWritten ? queries.slice(0, 20) : [], runs, log,
  });
  const all = timings.flatMap((t) => [...t.queryMs, ...t.keystrokeMs]);
  const p95 = percentile(all, 95);
  rows.browser.push([
    n, fmtRange(summarize(timings.map((t) => t.firstResultMs)), fmtMs), ms(percentile(all, 50)), ms(p95), ms(Math.max(...all)),
    verdict(p95, QUERY_P95_BUDGET_MS), site.textsWritten ? ms(percentile(timings.flatMap((t) => t.excerptMs), 95)) : '–',
    `${queries.length} + ${timings[0].keystrokeMs.length} keystrokes × ${timings.length}`,
  ]);
}

console.log([
  mdTable(['pages', 'doc pages', 'sections', 'index', 'index gzip', 'runtime gzip', 'before first result (gzip)', '< 400 KiB', 'page text files (avg gzip)', 'index build (median, min–max)'], rows.index),
  mdTable(['pages', 'first result, cold (median, min–max)', 'query p50', 'query p95', 'query max', 'p95 < 50 ms', 'with excerpts p95', 'queries × runs'], rows.browser),
  [
    '*Before first result*: the runtime chunk (MiniSearch and the shared term code, loaded on the first search interaction) plus the index (a sharded index: its meta file and the term and page files the first query reaches, `lib/search-weight.mjs`), each gzip level 6; page text files load after the first result, only for the pages listed.',
    '*First result*: in Chromium, from importing the runtime to the first ranked list (runtime and index fetched from 127.0.0.1, parsed and decoded), a fresh page each run.',
    '*Query*: one synchronous `search()` (rank, group, present; a sharded index\'s files for the query fetched before, untimed) per full query and per keystroke of 20 typed queries; all runs pooled. *With excerpts*: `searchWithExcerpts()`, page texts fetched from 127.0.0.1 and then cached.',
    '*Index build*: `buildSearchAssets()` on the same documents the engine built the index from (rebuilt from the index and page texts, and checked to give the same bytes).',
    ...notes,
  ].join('\n'),
].join('\n\n'));

/** Builds the bench corpus of N pages with the real CLI (bounded); returns the output folder. */
function buildCorpus(n) {
  const { dir } = ensureCorpus(n, { log });
  const out = path.join(BENCH, '.corpus', `out-search-${n}`);
  log(`  building N=${n} (docgen build)…`);
  const r = spawnSync(process.execPath, [path.join(REPO, 'cli/bin/docgen.js'), 'build', dir, '--out-dir', out], {
    cwd: REPO, encoding: 'utf8', timeout: Math.max(120, n * 0.6) * 1000, killSignal: 'SIGKILL',
  });
  if (r.status !== 0) {
    log(`  build failed: ${(r.stderr || r.error?.message || '').split('\n').slice(-5).join('\n')}`);
    return null;
  }
  return out;
}

/** What the build holds for search, and its sizes. */
function readBuild(dir) {
  const assets = path.join(dir, 'assets');
  const names = readdirSync(assets);
  const indexName = names.find((f) => /^search-(?!text-|terms-|pages-).*\.json$/.test(f));
  if (!indexName) throw new Error(`no search index in ${assets}`);
  const indexText = readFileSync(path.join(assets, indexName), 'utf8');
  const meta = JSON.parse(indexText);
  const sharded = meta.format === 2;
  const file = sharded ? unshard(meta, assets) : meta;
  // The runtime chunk is the one holding the index-format check (see core/src/search/query.ts).
  const chunks = path.join(assets, 'chunks');
  const runtime = readdirSync(chunks).find((f) => f.endsWith('.js') && readFileSync(path.join(chunks, f), 'utf8').includes('Search index format'));
  if (!runtime) throw new Error(`no search runtime chunk in ${chunks}`);
  const runtimeBytes = runtimeClosure(chunks, runtime).reduce((sum, f) => sum + gz(readFileSync(f)), 0);
  const textNames = file.pages.map((p) => p[2]);
  const textsWritten = textNames.every((t) => existsSync(path.join(assets, t)));
  const textSizes = textsWritten ? textNames.map((t) => gz(readFileSync(path.join(assets, t)))) : [];
  return {
    dir, file, assets, sharded,
    pages: file.pages.length,
    sections: file.pages.reduce((sum, p) => sum + p[3].length + 1, 0),
    indexRaw: Buffer.byteLength(indexText), indexGzip: gz(indexText),
    runtimeGzip: runtimeBytes,
    runtimeUrl: `/assets/chunks/${runtime}`, indexUrl: `/assets/${indexName}`,
    textsWritten, textFiles: textNames.length,
    textGzipAvg: textSizes.length ? textSizes.reduce((a, b) => a + b, 0) / textSizes.length : 0,
  };
}

/** A sharded index's files put back together in the one-file form (what the rest of the bench reads). */
function unshard(meta, assets) {
  const read = (name) => JSON.parse(readFileSync(path.join(assets, name), 'utf8'));
  return {
    format: 1, locale: meta.locale, ...(meta.version !== undefined ? { version: meta.version } : {}),
    pages: meta.pageFiles.names.flatMap(read),
    index: {
      fieldIds: meta.fieldIds, averageFieldLength: meta.averageFieldLength, fieldLength: meta.fieldLength,
      terms: search.decodeTerms(meta.terms), postings: meta.termFiles.names.flatMap(read),
    },
  };
}

/** The runtime chunk and the chunks it imports statically: all fetched before the first result. */
function runtimeClosure(chunks, name, seen = new Set()) {
  const file = path.join(chunks, name);
  if (seen.has(file)) return [];
  seen.add(file);
  const text = readFileSync(file, 'utf8');
  const imports = [...text.matchAll(/(?:^|[;}\s])(?:import|export)\s*(?:[^'"()]*?from\s*)?["']([^"']+\.js)["']/g)].map((m) => path.basename(m[1]));
  return [file, ...imports.flatMap((i) => runtimeClosure(chunks, i, seen))];
}

/** The SearchDocuments the engine indexed, rebuilt from the index and the page texts. */
function rebuildDocs(site) {
  const loaded = new search.SearchIndex(site.file);
  const docs = loaded.pages.map((page) => {
    const { texts, description } = JSON.parse(readFileSync(path.join(site.assets, page.textFile), 'utf8'));
    return {
      path: page.path, title: page.title, locale: site.file.locale,
      ...(site.file.version !== undefined ? { version: site.file.version } : {}),
      ...(description ? { description } : {}),
      sections: page.sections.map((s, i) => ({ anchor: s.anchor, headings: s.headings, text: texts[i] ?? '' })),
    };
  });
  if (search.buildSearchAssets(docs, { split: false }).index !== JSON.stringify(site.file)) {
    log('  note: rebuilt documents do not reproduce the index byte for byte; build time is still indicative');
  }
  return docs;
}

function timeIndexBuild(docs) {
  const times = [];
  for (let i = 0; i < Math.max(3, runs); i++) {
    const start = performance.now();
    search.buildSearchAssets(docs);
    times.push(performance.now() - start);
  }
  log(`  index build: ${times.map((t) => Math.round(t)).join(', ')} ms`);
  return summarize(times);
}

/** The engine's search code, bundled from cli/src so the bench needs no build step of its own. */
async function loadSearchModule() {
  const dir = mkdtempSync(path.join(tmpdir(), 'docgen-search-bench-'));
  try {
    const outfile = path.join(dir, 'search.mjs');
    await build({
      stdin: { contents: "export * from './index.ts'; export { SearchIndex } from '../../../core/src/search/query.ts'; export { decodeTerms } from '../../../core/src/search/sharded.ts';", resolveDir: path.join(REPO, 'cli/src/search'), loader: 'ts' },
      bundle: true, platform: 'node', format: 'esm', outfile, logLevel: 'warning',
    });
    return await import(pathToFileURL(outfile).href);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

function gz(data) {
  return gzipSync(data, { level: 6 }).length;
}

function percentile(values, p) {
  const v = [...values].sort((a, b) => a - b);
  return v.length ? v[Math.min(v.length - 1, Math.ceil((p / 100) * v.length) - 1)] : NaN;
}

function ms(value) {
  return Number.isFinite(value) ? (value < 10 ? `${value.toFixed(1)} ms` : fmtMs(value)) : '–';
}
