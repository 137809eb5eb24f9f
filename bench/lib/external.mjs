// Sections measured by other engineers' scripts: bench/search.mjs (issue 6) and bench/dev.mjs
// (issue 7). They are never imported into this process: each runs as a bounded child process
// (a hung dev server or a crash cannot take the whole bench down), and its stdout, expected
// to be markdown, is placed in the report as it is.
//
// What the child gets (so it can reuse this run's corpora and builds instead of making its own):
//   env DOCGEN_BENCH_SIZES   "35,1000"
//       DOCGEN_BENCH_SITES   JSON { "<N>": "<corpus site folder>" }
//       DOCGEN_BENCH_BUILDS  JSON { "<N>": "<built output folder>" } (when the build section ran)
//       DOCGEN_BENCH_RUNS    "3"
//       DOCGEN_BENCH_REPO    the repository root (the company site lives there)
//   argv --sizes 35,1000 and --runs 3, but only the flags the script's source mentions, so a
//        script with its own strict argument parser is not handed options it rejects.
// A script that also exports a function is still run as a program: the program is its usage.
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { runMeasured } from './proc.mjs';

/** The entry script of a section, or null. search.corpus.mjs and the like are helpers, not entries. */
export function findScript(benchDir, name) {
  for (const ext of ['mjs', 'js', 'cjs']) {
    const file = path.join(benchDir, `${name}.${ext}`);
    if (existsSync(file)) return file;
  }
  return null;
}

export async function runExternal({ benchDir, name, repo, sizes, runs, sites, builds, timeoutMs, log }) {
  const file = findScript(benchDir, name);
  if (!file) return { skipped: true, note: `_skipped: bench/${name}.mjs is not there yet (its owner adds it); nothing measured._` };
  const source = readFileSync(file, 'utf8');
  const args = [];
  if (source.includes('--sizes')) args.push('--sizes', sizes.join(','));
  if (source.includes('--runs')) args.push('--runs', String(runs));
  log(`  running ${path.relative(repo, file)} ${args.join(' ')} (limit ${Math.round(timeoutMs / 1000)} s)`);
  const r = await runMeasured(process.execPath, [file, ...args], {
    cwd: repo,
    timeoutMs,
    env: {
      DOCGEN_BENCH_SIZES: sizes.join(','),
      DOCGEN_BENCH_SITES: JSON.stringify(sites),
      DOCGEN_BENCH_BUILDS: JSON.stringify(builds),
      DOCGEN_BENCH_RUNS: String(runs),
      DOCGEN_BENCH_REPO: repo,
    },
  });
  const out = r.stdout.trim();
  if (r.timedOut) return { skipped: false, note: `${out}\n\n_bench/${path.basename(file)} timed out after ${Math.round(timeoutMs / 1000)} s; output above is partial._`.trim() };
  if (r.code !== 0) {
    const tail = r.stderr.trim().split('\n').slice(-10).join('\n');
    return { skipped: false, note: `${out}\n\n_bench/${path.basename(file)} exited with code ${r.code}:_\n\n\`\`\`\n${tail}\n\`\`\``.trim() };
  }
  return { skipped: false, note: out || `_bench/${path.basename(file)} printed nothing._`, wallMs: r.wallMs };
}
