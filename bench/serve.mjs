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
// request (every protected request checks the cookie's HMAC as in production).
import { execFileSync, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { closeSync, existsSync, mkdirSync, openSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ensureCorpus } from './corpus/generate.mjs';
import { runChecked } from './lib/proc.mjs';

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

function ensureNginx() {
  if (existsSync('/usr/sbin/nginx')) return '/usr/sbin/nginx';
  if (process.getuid?.() !== 0) return null;
  log('installing Debian\'s nginx for the comparison (apt-get)…');
  execFileSync('apt-get', ['install', '-y', '-qq', 'nginx-light'], { stdio: 'ignore', env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' } });
  return existsSync('/usr/sbin/nginx') ? '/usr/sbin/nginx' : null;
}

function freePort() {
  return new Promise((resolve, reject) => {
    const s = createServer();
    s.once('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address();
      s.close(() => resolve(port));
    });
  });
}

/**
 * Starts a child and resolves once `ready` matches its output. Its stdout goes to `logFile`
 * (read for the ready line, then left to grow), as nginx's access log goes to a file: a pipe
 * would make this process, which is also the load client, drain the server's log line by
 * line, and a full pipe would stall the server until the client got round to it.
 */
async function startChild(cmd, args, { env, ready, logFile }) {
  const out = openSync(logFile, 'w');
  const child = spawn(cmd, args, { env, stdio: ['ignore', out, 'pipe'] });
  closeSync(out);
  let err = '';
  child.stderr.on('data', (d) => { err = (err + d).slice(-4000); });
  let exited = null;
  child.once('exit', (code) => { exited = code; });
  const started = Date.now();
  while (Date.now() - started < 60_000) {
    const m = ready.exec(readFileSync(logFile, 'utf8').slice(0, 4096));
    if (m) return { child, match: m };
    if (exited !== null) throw new Error(`${path.basename(cmd)} exited with ${exited}:\n${err}`);
    await new Promise((r) => setTimeout(r, 50));
  }
  child.kill('SIGKILL');
  throw new Error(`${path.basename(cmd)} did not start:\n${err}`);
}

/**
 * The floor Node's http module sets: a bare server (no checks, no log) answering each target
 * with the bytes and headers docgen serve sent for it, so the table shows how much of the gap
 * to nginx is docgen's own work and how much is Node's.
 */
async function startNodeFloor(work, base, cookie, targetList) {
  const answers = {};
  for (const [, target] of targetList) {
    const res = await fetch(base.replace(/\/$/, '') + target, { headers: { cookie, 'accept-encoding': 'identity' } });
    const body = Buffer.from(await res.arrayBuffer());
    // Identity, as autocannon asks for; Node's server adds the dropped headers itself.
    const headers = [...res.headers].filter(([k]) => !['date', 'connection', 'keep-alive', 'transfer-encoding'].includes(k)).flat();
    answers[target] = { status: res.status, headers, body: body.toString('base64') };
  }
  writeFileSync(path.join(work, 'floor.json'), JSON.stringify(answers));
  const port = await freePort();
  const code = `const a = require(${JSON.stringify(path.join(work, 'floor.json'))});
for (const k in a) a[k].body = Buffer.from(a[k].body, 'base64');
require('node:http').createServer((req, res) => { const x = a[req.url]; if (!x) { res.statusCode = 404; return res.end(); } res.writeHead(x.status, x.headers); res.end(x.body); })
  .listen(${port}, '127.0.0.1', () => console.log('listening on ${port}'));`;
  const { child } = await startChild(process.execPath, ['-e', code], { env: { PATH: process.env.PATH }, ready: /listening on/, logFile: path.join(work, 'floor.log') });
  return { child, base: `http://127.0.0.1:${port}` };
}

function stop(child) {
  return new Promise((resolve) => {
    if (child.exitCode !== null) return resolve();
    const t = setTimeout(() => child.kill('SIGKILL'), 15_000);
    child.once('exit', () => { clearTimeout(t); resolve(); });
    child.kill('SIGTERM');
  });
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

  let nginx = null;
  let nginxBase = null;
  let nginxWorker = null;
  if (nginxBin) {
    const port = await freePort();
    writeFileSync(path.join(work, 'nginx.conf'), nginxConf(work, out, port));
    const child = spawn(nginxBin, ['-c', path.join(work, 'nginx.conf'), '-p', work], { stdio: 'ignore' });
    nginx = child;
    nginxBase = `http://127.0.0.1:${port}`;
    await waitForHttp(`${nginxBase}/`);
    // The master only starts its one worker, which does all the serving.
    nginxWorker = Number(readFileSync(`/proc/${child.pid}/task/${child.pid}/children`, 'utf8').trim().split(' ')[0]);
  }

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
      if (nginx) {
        log(`  ${what}: nginx…`);
        n = await measured(nginxWorker, autocannon, nginxBase + target, {});
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
    if (nginx) await stop(nginx);
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

function nginxConf(work, root, port) {
  for (const d of ['body', 'proxy', 'fastcgi', 'uwsgi', 'scgi']) mkdirSync(path.join(work, d), { recursive: true });
  return `worker_processes 1;
daemon off;
pid ${work}/nginx.pid;
error_log ${work}/error.log;
events { worker_connections 1024; }
http {
  include /etc/nginx/mime.types;
  access_log ${work}/access.log;
  sendfile on;
  keepalive_requests 1000000;
  client_body_temp_path ${work}/body;
  proxy_temp_path ${work}/proxy;
  fastcgi_temp_path ${work}/fastcgi;
  uwsgi_temp_path ${work}/uwsgi;
  scgi_temp_path ${work}/scgi;
  server {
    listen 127.0.0.1:${port};
    root ${root};
    location / { try_files $uri $uri/index.html $uri.html =404; }
  }
}
`;
}

async function waitForHttp(url) {
  for (let i = 0; i < 100; i++) {
    try {
      await fetch(url);
      return;
    } catch {
      await new Promise((r) => setTimeout(r, 100));
    }
  }
  throw new Error(`nginx did not answer at ${url}`);
}

function randomSecret() {
  return randomBytes(48).toString('base64url');
}

main().catch((e) => {
  log(e.stack ?? String(e));
  process.exit(1);
});
