#!/usr/bin/env node
// `npm run bench -- --only serve` (issue 15): docgen serve under load, against nginx (Debian's
// package) serving the same build as plain files, in the same run on the same machine. For a
// doc page, a route chunk and the search index: throughput, p50/p99 latency and errors with
// autocannon (installed once into the system temp folder), and the server's CPU time per
// request, with a bare Node server sending the same bytes between them (the floor Node sets); then a 60 s soak of docgen serve at 70% of the doc page's throughput with its RSS
// sampled. Prints markdown; never fails on a slow figure. The client shares the cores with the
// server, as in the issue's measurement.
//
// docgen serve runs with a valid session, as a reader would: the build is made in Auth
// emulator mode so the bench can sign in with an unsigned token, which changes nothing per
// request (every protected request checks the cookie's signature and claims as in production).
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ensureCorpus } from './corpus/generate.mjs';
import { runChecked } from './lib/proc.mjs';
import { ensureNginx, freePort, startChild, startNginx, startNodeFloor, stop } from './lib/serve-servers.mjs';

const REPO = process.env.DOCGEN_BENCH_REPO ?? path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const DOCGEN = path.join(REPO, 'cli', 'bin', 'docgen.js');
const AUTOCANNON = '8.0.0';
const WORK = path.join(os.tmpdir(), `docgen-bench-autocannon-${AUTOCANNON}`);
const EMULATOR_HOST = '127.0.0.1:9099';
const CONNECTIONS = 50;
const DURATION_S = 10;
const SOAK_S = 60;
const log = (m) => process.stderr.write(`${m}\n`);
let startLoad = '';

const size = Number((process.env.DOCGEN_BENCH_SIZES ?? '35').split(',')[0]);
const sites = JSON.parse(process.env.DOCGEN_BENCH_SITES ?? '{}');

function installAutocannon() {
  if (!existsSync(path.join(WORK, 'node_modules', 'autocannon', 'package.json'))) {
    mkdirSync(WORK, { recursive: true });
    writeFileSync(path.join(WORK, 'package.json'), JSON.stringify({ name: 'docgen-bench-autocannon', private: true, dependencies: { autocannon: AUTOCANNON } }));
    log(`installing autocannon ${AUTOCANNON} into ${WORK}…`);
    runChecked('npm', ['install', '--no-audit', '--no-fund', '--loglevel=error'], { cwd: WORK, timeoutMs: 300_000 });
  }
  return createRequire(path.join(WORK, 'package.json'))('autocannon');
}

/** An Auth emulator ID token (unsigned), as the emulator issues for a Google sign-in. */
function emulatorToken(projectId, email) {
  const now = Math.floor(Date.now() / 1000);
  const b64 = (v) => Buffer.from(JSON.stringify(v)).toString('base64url');
  const claims = {
    iss: `https://securetoken.google.com/${projectId}`, aud: projectId, auth_time: now, iat: now, exp: now + 3600,
    sub: 'bench-reader', user_id: 'bench-reader', email, email_verified: true, firebase: { sign_in_provider: 'google.com' },
  };
  return `${b64({ alg: 'none', typ: 'JWT' })}.${b64(claims)}.`;
}

async function signIn(base, manifest) {
  const res = await fetch(`${base}__auth/session`, {
    method: 'POST',
    headers: { origin: new URL(base).origin, 'content-type': 'application/json' },
    body: JSON.stringify({ idToken: emulatorToken(manifest.auth.firebase.projectId, `leitor@${manifest.auth.allowedDomain}`) }),
  });
  if (res.status !== 204) throw new Error(`sign-in for the bench failed: HTTP ${res.status} ${await res.text()}`);
  return res.headers.get('set-cookie').split(';')[0];
}

function targets(out, manifest) {
  const doc = manifest.routes.find((r) => r.startsWith(`${manifest.baseUrl}docs/`) && r.split('/').length > 3) ?? manifest.routes[0];
  const chunks = readdirSync(path.join(out, 'assets', 'r')).filter((f) => f.endsWith('.js'));
  const search = readdirSync(path.join(out, 'assets'), { recursive: true }).map(String).find((f) => /search[^/]*\.json$/.test(f) && !f.includes('text'));
  return [
    ['doc page', doc],
    ['route chunk', `${manifest.baseUrl}assets/r/${chunks[0]}`],
    ...(search ? [['search index', `${manifest.baseUrl}assets/${search.split(path.sep).join('/')}`]] : []),
  ];
}

function load(autocannon, url, headers, extra = {}) {
  return new Promise((resolve, reject) => {
    autocannon({ url, connections: CONNECTIONS, duration: DURATION_S, headers, ...extra }, (err, result) => (err ? reject(err) : resolve(result)));
  });
}

/** CPU seconds (user + system) a process has used: per request, steadier than req/s on a shared machine. */
function cpuSeconds(pid) {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
    return (Number(fields[11]) + Number(fields[12])) / 100;
  } catch {
    return NaN;
  }
}

/** `load`, with the CPU time `pid` spent per request. */
async function measured(pid, autocannon, url, headers) {
  const before = cpuSeconds(pid);
  const result = await load(autocannon, url, headers);
  result.cpuUsPerRequest = ((cpuSeconds(pid) - before) * 1e6) / result.requests.total;
  return result;
}

function rssMiB(pid) {
  try {
    const kb = Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1]);
    return kb / 1024;
  } catch {
    return NaN;
  }
}

const fmt = (n, d = 0) => (Number.isFinite(n) ? n.toLocaleString('en-US', { maximumFractionDigits: d, minimumFractionDigits: d }) : '–');
const errorsOf = (r) => r.errors + r.timeouts + r.non2xx;

async function main() {
  startLoad = os.loadavg().map((l) => l.toFixed(1)).join(' ');
  const autocannon = installAutocannon();
  const nginxBin = ensureNginx();
  const site = sites[size] ?? ensureCorpus(size, { log }).dir;
  const work = path.join(os.tmpdir(), `docgen-bench-serve-${process.pid}`);
  rmSync(work, { recursive: true, force: true });
  mkdirSync(work, { recursive: true });
  const out = path.join(work, 'build');
  log(`serve: building the N=${size} corpus in emulator mode (untimed)…`);
  runChecked(process.execPath, [DOCGEN, 'build', site, '--out-dir', out], { cwd: REPO, timeoutMs: 600_000, env: { ...process.env, FIREBASE_AUTH_EMULATOR_HOST: EMULATOR_HOST } });
  const manifest = JSON.parse(readFileSync(path.join(out, '.docgen', 'manifest.json'), 'utf8'));

  const servePort = await freePort();
  const serveEnv = { PATH: process.env.PATH, HOME: process.env.HOME, NODE_ENV: 'test', FIREBASE_AUTH_EMULATOR_HOST: EMULATOR_HOST, DOCGEN_SESSION_SECRET: randomSecret() };
  const { child: serve } = await startChild(process.execPath, [DOCGEN, 'serve', out, '--dir', '.', '--port', String(servePort)], { env: serveEnv, ready: /listening on (http:\/\/\S+)/, logFile: path.join(work, 'serve-access.log') });
  const base = `http://127.0.0.1:${servePort}${manifest.baseUrl}`;
  const cookie = await signIn(base, manifest);

  const ng = nginxBin ? await startNginx(nginxBin, work, out) : null;

  const targetList = targets(out, manifest);
  const floor = await startNodeFloor(work, base, cookie, targetList);
  const rows = [];
  try {
    for (const [what, target] of targetList) {
      log(`  ${what}: docgen serve (${CONNECTIONS} connections, ${DURATION_S} s)…`);
      const d = await measured(serve.pid, autocannon, base.replace(/\/$/, '') + target, { cookie });
      log(`  ${what}: node floor…`);
      const f = await measured(floor.child.pid, autocannon, floor.base + target, {});
      let n = null;
      if (ng) {
        log(`  ${what}: nginx…`);
        n = await measured(ng.worker, autocannon, ng.base + target, {});
      }
      rows.push({ what, target, d, f, n });
    }
    const docRate = rows[0].d.requests.average;
    const rate = Math.max(50, Math.round(docRate * 0.7));
    log(`  soak: docgen serve, doc page at ${rate} req/s for ${SOAK_S} s, RSS sampled…`);
    const samples = [];
    const sampler = setInterval(() => samples.push(rssMiB(serve.pid)), 1000);
    const soak = await load(autocannon, base.replace(/\/$/, '') + rows[0].target, { cookie }, { duration: SOAK_S, overallRate: rate });
    clearInterval(sampler);
    printReport(rows, { soak, rate, samples });
  } finally {
    await stop(serve);
    await stop(floor.child);
    if (ng) await stop(ng.child);
    rmSync(work, { recursive: true, force: true });
  }
}

function printReport(rows, { soak, rate, samples }) {
  const lines = [
    `N=${size} corpus; ${CONNECTIONS} connections, ${DURATION_S} s per target, one server process each, autocannon ${AUTOCANNON} in the same machine (${os.cpus().length} cores, load average ${os.loadavg()[0].toFixed(1)} at the end). docgen serve with a valid session (access log to a file); node floor: a bare Node http server sending the same bytes and headers with no checks; nginx (Debian's, one worker, sendfile, access log on) serving the same build as plain files. Load average at the start: ${startLoad}.`,
    '',
    '| target | server | req/s | p50 ms | p99 ms | errors | / nginx | server CPU µs/request |',
    '|---|---|---|---|---|---|---|---|',
  ];
  const row = (what, server, r, n) => `| ${what} | ${server} | ${fmt(r.requests.average)} | ${fmt(r.latency.p50, 1)} | ${fmt(r.latency.p99, 1)} | ${errorsOf(r)} | ${n ? `${fmt(r.requests.average / n.requests.average, 2)}×` : '–'} | ${fmt(r.cpuUsPerRequest)} |`;
  for (const { what, d, f, n } of rows) {
    lines.push(row(what, 'docgen serve', d, n), row(what, 'node floor', f, n));
    if (n) lines.push(`| ${what} | nginx | ${fmt(n.requests.average)} | ${fmt(n.latency.p50, 1)} | ${fmt(n.latency.p99, 1)} | ${errorsOf(n)} | | ${fmt(n.cpuUsPerRequest)} |`);
  }
  if (!rows[0].n) lines.push('', '_nginx is not installed (as root the bench installs Debian\'s nginx-light): docgen serve alone._');
  const warm = samples.slice(10);
  const first = warm[0];
  const last = warm.at(-1);
  lines.push('', `### Soak: docgen serve, doc page at ${rate} req/s (70% of the throughput above) for ${SOAK_S} s`, '',
    '| requests | req/s | p50 ms | p99 ms | errors | RSS after 10 s | RSS at the end | RSS max |',
    '|---|---|---|---|---|---|---|---|',
    `| ${fmt(soak.requests.total)} | ${fmt(soak.requests.average)} | ${fmt(soak.latency.p50, 1)} | ${fmt(soak.latency.p99, 1)} | ${errorsOf(soak)} | ${fmt(first, 1)} MiB | ${fmt(last, 1)} MiB | ${fmt(Math.max(...samples.filter(Number.isFinite)), 1)} MiB |`);
  console.log(lines.join('\n'));
}

function randomSecret() {
  return randomBytes(48).toString('base64url');
}

main().catch((e) => {
  log(e.stack ?? String(e));
  process.exit(1);
});
