#!/usr/bin/env node
// docgen dev benchmark (issues 7 and 14): time from starting `docgen dev` to the first page
// served, and from saving a page to its new text being servable (median of several edits),
// with the server's peak RSS, printed as a markdown table. Budgets (issue 14): start under
// 0.5 s, edit under 30 ms, at every size. The page edited is each site's largest doc (the
// company site's is `content/docs/intro.mdx`, the page issue 14 names), or the one `--page`
// names: a file relative to the site, `largest` (default) or `intro` (content/docs/intro.mdx).
//
//   node bench/dev.mjs [siteDir ...] [--runs N] [--edits N] [--page largest|intro|<file>] [--pause MS]
//
// Without site folders it measures the company site (the repository root, or
// DOCGEN_BENCH_REPO) and the corpora `npm run bench` hands over in DOCGEN_BENCH_SITES.
// Every site is measured on a temporary copy (the edits never touch the real files), each
// server runs on 127.0.0.1 with a time limit, and nothing here fails on a slow figure.
import { spawn } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { descendants, readStatus, treeCpuMs } from './lib/proc.mjs';
import { freePort } from './lib/serve-servers.mjs';

const REPO = process.env.DOCGEN_BENCH_REPO || path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const DOCGEN = path.join(REPO, 'cli', 'bin', 'docgen.js');
const START_BUDGET_MS = 500;
const EDIT_BUDGET_MS = 30;
const WAIT_MS = 30_000;
const log = (m) => process.stderr.write(`${m}\n`);

const { sites, runs, edits, page, pause } = parseArgs(process.argv.slice(2));
const rows = [];
for (const { label, dir } of sites) {
  log(`dev: ${label} (${dir})`);
  try {
    rows.push(await benchSite(label, dir));
  } catch (error) {
    log(`  failed: ${error.message}`);
    rows.push({ label, error: error.message.split('\n')[0] });
  }
}
console.log(report(rows));

function parseArgs(argv) {
  const out = { sites: [], runs: 3, edits: 5, page: 'largest', pause: 0 };
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    if (a === '--runs') out.runs = Number(argv[++i]);
    else if (a === '--edits') out.edits = Number(argv[++i]);
    else if (a === '--page') out.page = argv[++i];
    else if (a === '--pause') out.pause = Number(argv[++i]);
    else if (a === '--help') {
      console.log('node bench/dev.mjs [siteDir ...] [--runs N] [--edits N] [--page largest|intro|<file>] [--pause MS]');
      process.exit(0);
    } else if (a.startsWith('--')) {
      // Flags meant for other bench scripts (e.g. --sizes) are not ours: the corpora come by env.
      if (argv[i + 1] && !argv[i + 1].startsWith('--')) i++;
    } else out.sites.push({ label: path.basename(path.resolve(a)), dir: path.resolve(a) });
  }
  if (!(out.runs >= 1 && out.edits >= 1)) throw new Error('--runs and --edits take a number of at least 1');
  if (!(out.pause >= 0 && out.pause <= 60_000)) throw new Error('--pause takes milliseconds, from 0 to 60000');
  if (out.sites.length === 0) {
    out.sites.push({ label: 'company site', dir: REPO });
    const corpora = JSON.parse(process.env.DOCGEN_BENCH_SITES || '{}');
    for (const [n, dir] of Object.entries(corpora)) out.sites.push({ label: `corpus ${n}`, dir });
  }
  return out;
}

/** Starts `docgen dev` `runs` times on a copy of the site; edits one doc `edits` times per run. */
async function benchSite(label, dir) {
  const copy = copySite(dir);
  try {
    // An untimed first start: fills the OS file cache and finds the page to edit.
    const first = await startDev(copy);
    const sources = await (await fetch(`${first.origin}/__docgen/dev/sources.json`)).json();
    const target = pickDoc(sources, copy, page);
    await first.stop();
    if (!target) throw new Error(page === 'largest' ? 'no markdown doc page to edit' : `no route comes from ${page}`);
    log(`  editing ${target.file} (${target.path}), ${Object.keys(sources).length} routes`);
    const file = path.join(copy, target.file);
    const original = readFileSync(file, 'utf8');
    // The very first start has no cached theme bundles (docgen dev keeps them between starts).
    const cacheDir = mkdtempSync(path.join(tmpdir(), 'docgen-dev-bench-cache-'));
    const firstStart = await timeStart(copy, target, { DOCGEN_DEV_CACHE_DIR: cacheDir });
    log(`  first start, empty theme cache: ${Math.round(firstStart)} ms`);
    const starts = [];
    const startCpu = [];
    const ready = [];
    const editTimes = [];
    const editCpu = [];
    const rss = [];
    for (let run = 0; run < runs; run++) {
      writeFileSync(file, original);
      const t0 = performance.now();
      const dev = await startDev(copy, { waitForReady: false, env: { DOCGEN_DEV_CACHE_DIR: cacheDir } });
      try {
        await poll(async () => (await get(dev.origin, target.path))?.status === 200, 'the first page');
        starts.push(performance.now() - t0);
        startCpu.push(treeCpuMs(dev.pid));
        await poll(() => /ready in/.test(dev.output()), 'the ready line');
        ready.push(readyMs(dev.output()));
        const channel = await connect(dev.origin);
        try {
          // A writer reads the page before changing it: what dev does meanwhile counts in no save.
          await new Promise((r) => setTimeout(r, pause));
          for (let e = 0; e < edits; e++) {
            const cpu0 = treeCpuMs(dev.pid);
            editTimes.push(await timeEdit({ dev, channel, file, original, target, marker: `bench-${run}-${e}-${Date.now()}` }));
            editCpu.push(treeCpuMs(dev.pid) - cpu0);
          }
        } finally {
          channel.close();
        }
        rss.push(peakRssMiB(dev.pid));
      } finally {
        await dev.stop();
      }
      log(`  run ${run + 1}: start ${Math.round(starts.at(-1))} ms (CPU ${startCpu.at(-1)} ms), edits ${editTimes.slice(-edits).map((t) => t.toFixed(1)).join(' ')} ms, peak RSS ${rss.at(-1)} MiB, load ${loadavg()[0].toFixed(2)}`);
    }
    rmSync(cacheDir, { recursive: true, force: true });
    return { label, routes: Object.keys(sources).length, page: target.file, firstStart, starts, startCpu, ready, edits: editTimes, editCpu, rss };
  } finally {
    rmSync(copy, { recursive: true, force: true });
  }
}

/** Spawn → first 200 of the page, then stop. */
async function timeStart(siteDir, target, env) {
  const t0 = performance.now();
  const dev = await startDev(siteDir, { waitForReady: false, env });
  try {
    await poll(async () => (await get(dev.origin, target.path))?.status === 200, 'the first page');
    return performance.now() - t0;
  } finally {
    await poll(() => /ready in/.test(dev.output()), 'the ready line').catch(() => undefined);
    await dev.stop();
  }
}

/** Saves a new paragraph into the page and waits until a GET of the page returns it. */
async function timeEdit({ dev, channel, file, original, target, marker }) {
  await new Promise((r) => setTimeout(r, 120)); // a writer does not save twice within 0.1 s
  const from = channel.messages.length;
  const t1 = performance.now();
  writeFileSync(file, `${original}\n\nParágrafo novo ${marker}.\n`);
  await channel.waitFor((m) => m.type === 'update' && m.routes.some((r) => r.path === target.path), from);
  await poll(async () => (await (await get(dev.origin, target.path))?.text())?.includes(marker), 'the new text');
  return performance.now() - t1;
}

/** The time the server printed on its ready line ("ready in 640 ms" / "ready in 1.20 s"). */
function readyMs(output) {
  const m = /ready in ([\d.]+) (ms|s)\b/.exec(output);
  return m ? Number(m[1]) * (m[2] === 's' ? 1000 : 1) : NaN;
}

/**
 * The page issue 14 names is the company site's largest, content/docs/intro.mdx: by default
 * each site's largest doc (the slowest to recompile; a corpus's intro page is a small one).
 * `intro` or a site-relative file picks that page instead.
 */
function pickDoc(sources, siteDir, which) {
  const docs = Object.entries(sources).filter(([p, f]) => /\.mdx?$/.test(f) && p.includes('/docs/')).map(([p, f]) => ({ path: p, file: f }));
  if (which !== 'largest') {
    const file = which === 'intro' ? 'content/docs/intro.mdx' : which;
    return docs.find((d) => d.file === file) ?? null;
  }
  const size = (d) => statSync(path.join(siteDir, d.file)).size;
  return docs.sort((a, b) => size(b) - size(a) || a.file.localeCompare(b.file))[0] ?? null;
}

/** The server's peak RSS in MiB: node's VmHWM plus its children's (esbuild's service process). */
function peakRssMiB(pid) {
  const kib = [pid, ...descendants(pid)].reduce((sum, p) => sum + (readStatus(p)?.hwm ?? 0), 0);
  return Math.round(kib / 1024);
}

/** site.config.ts, .env, content/ and src/ into a temp folder (never node_modules or builds). */
function copySite(dir) {
  const copy = mkdtempSync(path.join(tmpdir(), 'docgen-dev-bench-'));
  for (const name of ['site.config.ts', '.env', 'content', 'src']) {
    if (existsSync(path.join(dir, name))) cpSync(path.join(dir, name), path.join(copy, name), { recursive: true });
  }
  return copy;
}

async function startDev(siteDir, { waitForReady = true, env: extra = {} } = {}) {
  const port = await freePort();
  const env = { ...process.env, NO_COLOR: '1', ...extra };
  delete env.FIREBASE_AUTH_EMULATOR_HOST; // the gate is not what is measured here
  const child = spawn(process.execPath, [DOCGEN, 'dev', siteDir, '--port', String(port)], { cwd: REPO, env, stdio: ['ignore', 'pipe', 'pipe'] });
  let out = '';
  child.stdout.on('data', (d) => (out += d));
  child.stderr.on('data', (d) => (out += d));
  const exited = new Promise((resolve) => child.once('exit', resolve));
  const dev = {
    origin: `http://127.0.0.1:${port}`,
    pid: child.pid,
    output: () => out,
    stop: async () => {
      if (child.exitCode !== null) return;
      const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
      child.kill('SIGINT');
      await exited;
      clearTimeout(timer);
    },
  };
  if (waitForReady) {
    await Promise.race([
      poll(() => /docgen dev (ready|started with problems) in/.test(out), 'docgen dev to get ready'),
      exited.then((code) => { throw new Error(`docgen dev exited with ${code}:\n${out}`); }),
    ]);
  }
  return dev;
}

async function get(origin, routePath) {
  try {
    return await fetch(new URL(routePath, origin), { redirect: 'manual' });
  } catch {
    return null; // not listening yet
  }
}

/** Minimal client of the live-update channel (server-sent events). */
async function connect(origin) {
  const controller = new AbortController();
  const response = await fetch(`${origin}/__docgen/dev/events`, { signal: controller.signal });
  const messages = [];
  let wake = () => {};
  (async () => {
    const decoder = new TextDecoder();
    let buffer = '';
    try {
      for await (const chunk of response.body) {
        buffer += decoder.decode(chunk, { stream: true });
        let end;
        while ((end = buffer.indexOf('\n\n')) >= 0) {
          const data = buffer.slice(0, end).split('\n').filter((l) => l.startsWith('data: ')).map((l) => l.slice(6)).join('\n');
          buffer = buffer.slice(end + 2);
          if (data) messages.push(JSON.parse(data));
        }
        wake();
      }
    } catch {
      // closed
    }
  })();
  return {
    messages,
    close: () => controller.abort(),
    waitFor: (match, from) =>
      new Promise((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error('no update event within 30 s')), WAIT_MS);
        const check = () => {
          if (!messages.slice(from).some(match)) return;
          clearTimeout(timer);
          resolve();
        };
        wake = check;
        check();
      }),
  };
}

/** Retries `check` (1 ms apart) until it is true; fails after WAIT_MS. */
async function poll(check, what) {
  const deadline = performance.now() + WAIT_MS;
  while (!(await check())) {
    if (performance.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 1));
  }
}

function median(xs) {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
}

function report(results) {
  const ms = (v) => (v >= 1000 ? `${(v / 1000).toFixed(2)} s` : v >= 100 ? `${Math.round(v)} ms` : `${v.toFixed(1)} ms`);
  const spread = (xs) => `${ms(median(xs))} (${ms(Math.min(...xs))}–${ms(Math.max(...xs))})`;
  const lines = [
    `Each site on a temporary copy; ${runs} start(s) per site, ${edits} edit(s) per start${pause ? `, the first ${pause} ms after the page was served` : ''}, of the ${page === 'largest' ? 'site\'s largest doc' : `page \`${page}\``}; load average at the end ${loadavg().map((l) => l.toFixed(2)).join(' ')} on ${cpus().length} cores. Start: spawning \`docgen dev\` → first 200 of the edited page (its MDX compiled on that request), with the theme's bundles cached from the previous start (docgen dev keeps them on disk); "first start" is the same with that cache empty. Edit: saving one paragraph into that page → a GET of the page returns it (the update event arrives first). The server's own "ready" line (from its process start, watcher ready included) is shown for comparison. Server CPU: user + system time of the server's threads and child processes, to the first page, and per edit (mean) from just before a save to its page served, which also counts what the save before it left for later (its link check, its compile-cache write): a save's whole cost.`,
    '',
    '| site | routes | page edited | first start (empty cache) | start → first page (median, min–max) | edit → servable (median, min–max) | server CPU: start, per edit (median, mean) | server "ready" (median) | peak RSS, node + esbuild (max) | budget (0.5 s / 30 ms) |',
    '|---|---|---|---|---|---|---|---|---|---|',
  ];
  for (const r of results) {
    if (r.error) {
      lines.push(`| ${r.label} | – | – | failed: ${r.error.replace(/\|/g, '\\|')} | – | – | – | – | – | – |`);
      continue;
    }
    const ok = (v, budget) => (v < budget ? 'ok' : 'over');
    lines.push(`| ${r.label} | ${r.routes} | \`${r.page}\` | ${ms(r.firstStart)} | ${spread(r.starts)} | ${spread(r.edits)} | ${ms(median(r.startCpu))}, ${ms(r.editCpu.reduce((a, b) => a + b, 0) / r.editCpu.length)} | ${ms(median(r.ready))} | ${Math.max(...r.rss)} MiB | start ${ok(median(r.starts), START_BUDGET_MS)}, edit ${ok(median(r.edits), EDIT_BUDGET_MS)} |`);
  }
  return lines.join('\n');
}
