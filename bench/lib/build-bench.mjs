// Times `docgen build` on one corpus: `runs` triples of (cold, warm, one page edited). Cold =
// the output folder and every cache location removed first; warm = the same command again
// right after, with the previous output and the caches in place (nothing changed); edited =
// one page changed, on those caches. Triples are interleaved so a slow spell on the noisy
// machine affects every kind rather than one.
import { readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { runMeasured } from './proc.mjs';

/** Where an engine keeps caches between builds (docgen: .docgen/cache); cold removes them all. */
const CACHE_DIRS = ['.docgen', '.cache', 'node_modules/.cache'];

/** "✔ compile mdx              2.47 s 36 files" → ['compile mdx', 2470]. */
export function parseStages(stdout) {
  const stages = [];
  for (const line of stdout.split('\n')) {
    const m = /^✔\s+(.+?)\s+([\d.]+) (ms|s)\b/.exec(line.trim());
    if (m) stages.push([m[1], Number(m[2]) * (m[3] === 's' ? 1000 : 1)]);
  }
  return stages;
}

function lastLines(text, n = 15) {
  return text.trim().split('\n').slice(-n).join('\n');
}

/**
 * One build of `siteDir` into `outDir` with a time limit. Returns the measurement plus the
 * stage lines docgen printed; `ok` is false on a non-zero exit or a timeout (reported, the
 * bench goes on: timings never fail the run).
 */
export async function timeBuild({ docgenBin, siteDir, outDir, timeoutMs, cwd }) {
  // The 1-minute load average at the start: on a shared 2-core machine it explains outliers.
  const load = os.loadavg()[0];
  const r = await runMeasured(process.execPath, [docgenBin, 'build', siteDir, '--out-dir', outDir, '--strict-links'], { cwd, timeoutMs });
  return {
    ok: r.code === 0 && !r.timedOut,
    load,
    timedOut: r.timedOut,
    code: r.code,
    wallMs: r.wallMs,
    cpuMs: r.cpuMs,
    peakTreeBytes: r.peakTreeKiB * 1024,
    maxSingleBytes: r.maxSingleKiB * 1024,
    sampledBytes: r.peakSampledKiB * 1024,
    processes: r.processes,
    perProcess: r.perProcess,
    stages: parseStages(r.stdout),
    summary: r.stdout.split('\n').find((l) => l.startsWith('Built ')) ?? '',
    failure: r.code === 0 && !r.timedOut ? null : r.timedOut ? `timed out after ${Math.round(timeoutMs / 1000)} s` : lastLines(`${r.stdout}\n${r.stderr}`),
  };
}

export function clearForCold(siteDir, outDir) {
  rmSync(outDir, { recursive: true, force: true });
  for (const d of CACHE_DIRS) rmSync(path.join(siteDir, d), { recursive: true, force: true });
}

/** Runs the cold/warm pairs for one size; `log` gets one progress line per build. */
export async function benchBuild({ size, siteDir, outDir, runs, timeoutMs, docgenBin, cwd, log }) {
  const cold = [];
  const warm = [];
  const edited = [];
  for (let i = 1; i <= runs; i++) {
    clearForCold(siteDir, outDir);
    const c = await timeBuild({ docgenBin, siteDir, outDir, timeoutMs, cwd });
    cold.push(c);
    log(`  N=${size} cold ${i}/${runs}: ${describe(c)}`);
    if (!c.ok) break; // a failing build will fail again; report it once
    const w = await timeBuild({ docgenBin, siteDir, outDir, timeoutMs, cwd });
    warm.push(w);
    log(`  N=${size} warm ${i}/${runs}: ${describe(w)}`);
    // One page edited (a paragraph appended), built on the warm caches, then put back.
    const restore = editOnePage(siteDir, i);
    try {
      const e = await timeBuild({ docgenBin, siteDir, outDir, timeoutMs, cwd });
      edited.push(e);
      log(`  N=${size} one page edited ${i}/${runs}: ${describe(e)}`);
    } finally {
      restore();
    }
  }
  return { size, cold, warm, edited, outDir };
}

/** Appends a paragraph to one doc of the corpus; returns what puts it back. */
function editOnePage(siteDir, run) {
  const docs = path.join(siteDir, 'content', 'docs');
  const files = readdirSync(docs, { recursive: true }).map(String).filter((f) => /\.mdx?$/.test(f)).sort();
  const file = path.join(docs, files[(run * 7) % files.length]);
  const before = readFileSync(file, 'utf8');
  writeFileSync(file, `${before}\n\nUm parágrafo acrescentado pelo bench (edição ${run}).\n`);
  return () => writeFileSync(file, before);
}

function describe(r) {
  if (!r.ok) return `FAILED (${r.failure.split('\n')[0]})`;
  const parts = r.perProcess.map((p) => `${p.name} ${Math.round(p.hwmKiB / 1024)}`).join(' + ');
  return `${(r.wallMs / 1000).toFixed(2)} s, peak ${Math.round(r.peakTreeBytes / 2 ** 20)} MiB (${parts} MiB), load ${r.load.toFixed(1)}`;
}
