#!/usr/bin/env node
// `npm run bench`: times docgen on generated pt-BR corpora and prints markdown tables
// (also written to bench/results/latest.md). Progress goes to stderr, the report to stdout.
// Timings never fail the run: the machine is shared and noisy, so figures are reported with
// their spread and judged by a person. Only a broken setup (bad option, CLI that will not
// build) exits non-zero. See bench/README.md for what each figure means.
import { spawn, spawnSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ensureCorpus, CORPUS_ROOT } from './corpus/generate.mjs';
import { parseArgs, USAGE } from './lib/args.mjs';
import { benchBuild, clearForCold, timeBuild } from './lib/build-bench.mjs';
import { runExternal } from './lib/external.mjs';
import { fmtMs, summarize } from './lib/format.mjs';
import { outputSize } from './lib/output-size.mjs';
import { pageWeight } from './lib/page-weight.mjs';
import { searchWeight } from './lib/search-weight.mjs';
import { hasGnuTime, runChecked } from './lib/proc.mjs';
import { buildTable, competitorTable, dataTable, outputTable, stageTable, weightTable } from './lib/report.mjs';

const BENCH = path.dirname(fileURLToPath(import.meta.url));
const REPO = path.resolve(BENCH, '..');
const DOCGEN = path.join(REPO, 'cli', 'bin', 'docgen.js');
const log = (m) => process.stderr.write(`${m}\n`);

let opts;
try {
  opts = parseArgs(process.argv.slice(2));
} catch (e) {
  log(e.message);
  process.exit(2);
}
if (opts.help) {
  console.log(USAGE);
  process.exit(0);
}
const wants = (s) => opts.only.includes(s);
const timeoutFor = (n) => (opts.timeoutS ?? Math.max(120, n * 0.6)) * 1000;

// The compat section builds real Docusaurus sites, not the corpora, and rebuilds the CLI it tests itself.
const needsCorpora = opts.only.some((s) => s !== 'compat');
if (opts.buildCli && needsCorpora) {
  // The bench times the engine's current source, not whatever cli/dist was last built from.
  log('building the CLI (cli/scripts/build-cli.mjs)…');
  runChecked(process.execPath, [path.join(REPO, 'cli', 'scripts', 'build-cli.mjs')], { cwd: REPO });
}

const sites = {};
if (needsCorpora) for (const n of opts.sizes) sites[n] = ensureCorpus(n, { force: opts.regenerate, log }).dir;
const outDirFor = (n) => path.join(CORPUS_ROOT, `out-${n}`);
const builds = {};
const sections = [];

if (wants('build')) {
  log(`build: ${opts.runs} cold/warm pair(s) per size`);
  const results = [];
  for (const n of opts.sizes) {
    const res = await benchBuild({ size: n, siteDir: sites[n], outDir: outDirFor(n), runs: opts.runs, timeoutMs: timeoutFor(n), docgenBin: DOCGEN, cwd: REPO, log });
    results.push(res);
    if (res.warm.at(-1)?.ok) builds[n] = res.outDir;
  }
  sections.push(`## docgen build (median of ${opts.runs}; budgets from issue 2)`, buildTable(results),
    loadNote(results),
    'Peak RSS, tree: the sum of each process\'s own peak (node with its worker threads, plus esbuild\'s service process), an upper bound of the tree\'s true peak, judged against the budget. At one moment: the highest sum of current RSS seen in 100 ms samples, a lower bound.',
    '### For scale: competitors on the same kind of machine (TESTING-NOTES.md) and docgen\'s ratio to them', competitorTable(results),
    '### Where build time goes (docgen\'s own stage lines, median)', stageTable(results));
  const dominant = dominantStage(results);
  if (dominant) sections.push(dominant);
  const outputs = opts.sizes.filter((n) => builds[n]).map((n) => ({ size: n, out: outputSize(builds[n]) }));
  if (outputs.length) sections.push('### Output size (after the last build)', outputTable(outputs));
}

// The page weight and search need a built site; build once (untimed) if the build section did not.
if (wants('weight') || wants('search')) {
  for (const n of opts.sizes) {
    if (builds[n]) continue;
    log(`  building N=${n} once for the ${wants('weight') ? 'weight' : 'search'} section…`);
    clearForCold(sites[n], outDirFor(n));
    const r = await timeBuild({ docgenBin: DOCGEN, siteDir: sites[n], outDir: outDirFor(n), timeoutMs: timeoutFor(n), cwd: REPO });
    if (r.ok) builds[n] = outDirFor(n);
    else log(`  N=${n} build failed: ${r.failure}`);
  }
}

if (wants('weight')) {
  const weights = opts.sizes.filter((n) => builds[n]).map((n) => ({ size: n, w: pageWeight(builds[n]) }));
  sections.push('## JavaScript a doc page loads before it is interactive (issue 3: under 60 KiB gzip, sign-in SDK excluded)',
    weights.length ? weightTable(weights) : '_no successful build to measure._',
    'Counted: the page\'s `<script type="module" src>`, its `<link rel="modulepreload">` hints and every module they import statically, each file gzip-compressed (level 6) on its own. CSS, the preloaded sidebar JSON and the HTML itself are shown beside it, not counted.');
  for (const { size, w } of weights) {
    if (w.error) continue;
    w.search = await searchWeight(builds[size], w.searchIndex, w.title);
    // The first search looks its index up in the build's current.json first: those bytes count too.
    if (!w.search.error && w.currentGzip) Object.assign(w.search, { dataGzip: w.search.dataGzip + w.currentGzip, totalGzip: w.search.totalGzip + w.currentGzip, files: w.search.files + 1 });
  }
  sections.push('### Data a reader downloads, flat in N (issue 14: at 10,000 pages, JSON before interactive < 30 KiB gzip, data before the first search result < 400 KiB gzip)',
    dataTable(weights),
    '*JSON before interactive*: the sidebar files the page fetches before it hydrates (a split sidebar\'s top and the files of the page\'s branch). *Manifest*: the route manifest file the first navigation intent fetches (the shard of the page\'s "next" link when split). *Before the first search result*: the search runtime chunk plus every file the runtime fetches to answer the page\'s title as typed (the whole index, or a sharded index\'s meta, term and page files), run in node against the build.');
}

for (const [name, title, limitMs] of [['search', 'Search (issue 6)', 900_000], ['dev', 'docgen dev (issue 7)', 900_000], ['compare', 'Side by side: docgen and Docusaurus + faster, cold (issue 14)', 3_600_000], ['serve', 'docgen serve under load, against nginx (issue 15)', 900_000]]) {
  if (!wants(name)) continue;
  log(`${name}:`);
  const r = await runExternal({ benchDir: BENCH, name, repo: REPO, sizes: opts.sizes, runs: opts.runs, sites, builds, timeoutMs: limitMs, log });
  sections.push(`## ${title}`, r.note);
}

if (wants('compat')) {
  log('compat: real Docusaurus sites, built by Docusaurus and by docgen (bench/compat.mjs)');
  sections.push('## Docusaurus compatibility: real sites, unchanged (issues 10 and 11)', await runCompat());
}

const report = [`# docgen bench — finished ${new Date().toISOString().replace(/\.\d+Z$/, 'Z')}`, environment(), ...sections].join('\n\n');
console.log(report);
mkdirSync(path.join(BENCH, 'results'), { recursive: true });
writeFileSync(path.join(BENCH, 'results', 'latest.md'), `${report}\n`);
log('written to bench/results/latest.md');

/** bench/compat.mjs as a child process: progress streams to our stderr, its markdown is the section. */
function runCompat() {
  const args = [path.join(BENCH, 'compat.mjs')];
  if (opts.docgen) args.push('--docgen', path.resolve(opts.docgen));
  if (!opts.buildCli) args.push('--no-build-cli');
  if (opts.timeoutS) args.push('--timeout', String(opts.timeoutS));
  if (opts.docusaurusTimeoutS) args.push('--docusaurus-timeout', String(opts.docusaurusTimeoutS));
  if (opts.freshDocusaurus) args.push('--fresh-docusaurus');
  if (opts.cachedDocusaurus) args.push('--cached-docusaurus');
  args.push(...opts.dirs.map((d) => path.resolve(d)));
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [...args], { cwd: REPO, stdio: ['ignore', 'pipe', 'inherit'] });
    let out = '';
    child.stdout.on('data', (d) => { out += d; });
    child.on('close', (code) => resolve(code === 0 ? out.trim() : `${out.trim()}\n\n_bench/compat.mjs exited with code ${code}._`));
  });
}

/** Machine and source state, so a figure can be traced to what produced it. */
function environment() {
  const git = (...a) => spawnSync('git', a, { cwd: REPO, encoding: 'utf8', timeout: 10_000 }).stdout?.trim() ?? '';
  const dirty = git('status', '--porcelain', '--', 'cli', 'theme').split('\n').filter(Boolean).length;
  const cpu = os.cpus();
  return [
    `commit \`${git('rev-parse', '--short', 'HEAD') || '?'}\`${dirty ? ` + ${dirty} uncommitted file(s) in cli/ and theme/` : ''};`,
    `node ${process.version}; ${cpu.length} × ${cpu[0]?.model ?? 'cpu'}; ${Math.round(os.totalmem() / 2 ** 30)} GiB RAM;`,
    `load average at start ${os.loadavg().map((x) => x.toFixed(2)).join(' ')};`,
    `memory from /proc${hasGnuTime() ? ' + GNU time' : ''}; sizes ${opts.sizes.join(', ')}; runs ${opts.runs}.`,
  ].join(' ');
}

/** Load on the machine while the builds ran: a wide spread of times usually comes from here. */
function loadNote(results) {
  const loads = summarize(results.flatMap((r) => [...r.cold, ...r.warm]).map((b) => b.load));
  if (!loads) return '';
  return `1-minute load average when builds started: median ${loads.median.toFixed(1)}, ${loads.min.toFixed(1)}–${loads.max.toFixed(1)}, on ${os.cpus().length} cores${loads.max > os.cpus().length ? ' (other work was competing for the CPU: expect inflated and spread-out times)' : ''}.`;
}

/** One sentence naming the stage that dominates the largest cold build. */
function dominantStage(results) {
  const res = [...results].reverse().find((r) => r.cold.some((c) => c.ok));
  if (!res) return null;
  const good = res.cold.filter((c) => c.ok);
  const med = good[0].stages.map(([name]) => [name, summarize(good.map((r) => r.stages.find(([m]) => m === name)?.[1])).median]);
  const total = med.reduce((a, [, ms]) => a + ms, 0);
  const [top, second] = [...med].sort((a, b) => b[1] - a[1]);
  if (!top) return null;
  return `At N=${res.size} (cold) \`${top[0]}\` dominates: ${fmtMs(top[1])} of ${fmtMs(total)} (${Math.round((100 * top[1]) / total)} %), then \`${second?.[0]}\` ${fmtMs(second?.[1])} (${Math.round((100 * (second?.[1] ?? 0)) / total)} %).`;
}
