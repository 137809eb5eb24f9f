#!/usr/bin/env node
// Before/after: the build bench's cold, unchanged and one-page-edited builds for two docgen
// checkouts, alternated run by run on the same corpus so both see the same machine load
// (on a shared 2-core machine, figures taken minutes apart are not comparable).
//
//   node bench/ab.mjs --base <other checkout> [--sizes 35,1000] [--runs 3]
//
// The other checkout must have its CLI built (`node cli/scripts/build-cli.mjs` there); this
// checkout's CLI is used as it is. Prints a markdown table: medians with their spread.
import { existsSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { benchBuild } from './lib/build-bench.mjs';
import { ensureCorpus } from './corpus/generate.mjs';

const REPO = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const args = process.argv.slice(2);
const arg = (name, fallback) => (args.includes(name) ? args[args.indexOf(name) + 1] : fallback);
const base = arg('--base');
if (!base || !existsSync(path.join(base, 'cli', 'bin', 'docgen.js'))) {
  console.error('usage: node bench/ab.mjs --base <docgen checkout with its CLI built> [--sizes 35,1000] [--runs 3]');
  process.exit(2);
}
const sizes = arg('--sizes', '35,1000').split(',').map(Number);
const runs = Number(arg('--runs', '3'));
const log = (m) => process.stderr.write(`${m}\n`);
const sides = [
  { name: 'before', bin: path.join(path.resolve(base), 'cli', 'bin', 'docgen.js') },
  { name: 'after', bin: path.join(REPO, 'cli', 'bin', 'docgen.js') },
];

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const seconds = (ms) => `${(ms / 1000).toFixed(2)} s`;
const cell = (rs) => {
  const ok = rs.filter((r) => r.ok);
  if (ok.length === 0) return 'failed';
  const ms = ok.map((r) => r.wallMs);
  return `${seconds(median(ms))} (${seconds(Math.min(...ms))}–${seconds(Math.max(...ms))})`;
};
/** CPU time (user + system) of the build and the children it waited for: steadier than wall time on a shared machine. */
const cpu = (rs) => {
  const ms = rs.filter((r) => r.ok && r.cpuMs !== null).map((r) => r.cpuMs);
  return ms.length ? seconds(median(ms)) : '–';
};
const mib = (rs) => `${Math.round(median(rs.filter((r) => r.ok).map((r) => r.peakTreeBytes)) / 2 ** 20)} MiB`;

const rows = [];
for (const size of sizes) {
  const siteDir = ensureCorpus(size, { log }).dir;
  const outDir = path.join(os.tmpdir(), `docgen-ab-out-${size}`);
  const results = { before: [], after: [] };
  for (let i = 1; i <= runs; i++) {
    for (const side of i % 2 ? sides : [...sides].reverse()) {
      log(`N=${size} ${side.name}, run ${i}/${runs}, load ${os.loadavg()[0].toFixed(1)}`);
      const r = await benchBuild({ size, siteDir, outDir, runs: 1, timeoutMs: Math.max(120, size * 0.6) * 1000, docgenBin: side.bin, cwd: REPO, log });
      results[side.name].push(r);
    }
  }
  for (const kind of ['cold', 'warm', 'edited']) {
    const [b, a] = sides.map((s) => results[s.name].flatMap((r) => r[kind]));
    rows.push(`| ${size} | ${kind === 'warm' ? 'unchanged' : kind === 'edited' ? 'one page edited' : 'cold'} | ${cell(b)} | ${cell(a)} | ${cpu(b)} | ${cpu(a)} | ${mib(b)} | ${mib(a)} |`);
  }
}
console.log(`Before: ${base}; after: ${REPO}. ${runs} alternated runs per size: wall time, median (spread); CPU time (user + system, median); peak RSS of the process tree (median).\n`);
console.log('| pages | build | before | after | CPU before | CPU after | peak RSS before | peak RSS after |\n|---|---|---|---|---|---|---|---|');
console.log(rows.join('\n'));
