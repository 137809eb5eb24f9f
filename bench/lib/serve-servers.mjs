// The servers bench/serve.mjs puts under load beside docgen serve: a child started and waited
// for (its stdout to a file), nginx serving the build as plain files, and the node floor.
import { execFileSync, spawn } from 'node:child_process';
import { closeSync, existsSync, mkdirSync, openSync, readFileSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import path from 'node:path';

const log = (m) => process.stderr.write(`${m}\n`);

export function ensureNginx() {
  if (existsSync('/usr/sbin/nginx')) return '/usr/sbin/nginx';
  if (process.getuid?.() !== 0) return null;
  log('installing Debian\'s nginx for the comparison (apt-get)…');
  execFileSync('apt-get', ['install', '-y', '-qq', 'nginx-light'], { stdio: 'ignore', env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' } });
  return existsSync('/usr/sbin/nginx') ? '/usr/sbin/nginx' : null;
}

export function freePort() {
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
export async function startChild(cmd, args, { env, ready, logFile }) {
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
export async function startNodeFloor(work, base, cookie, targetList) {
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

export function stop(child) {
  return new Promise((resolve) => {
    if (child.exitCode !== null) return resolve();
    const t = setTimeout(() => child.kill('SIGKILL'), 15_000);
    child.once('exit', () => { clearTimeout(t); resolve(); });
    child.kill('SIGTERM');
  });
}

/** nginx (one worker, sendfile, access log on) serving `root`; its worker does all the serving. */
export async function startNginx(bin, work, root) {
  const port = await freePort();
  writeFileSync(path.join(work, 'nginx.conf'), nginxConf(work, root, port));
  const child = spawn(bin, ['-c', path.join(work, 'nginx.conf'), '-p', work], { stdio: 'ignore' });
  const base = `http://127.0.0.1:${port}`;
  await waitForHttp(`${base}/`);
  const worker = Number(readFileSync(`/proc/${child.pid}/task/${child.pid}/children`, 'utf8').trim().split(' ')[0]);
  return { child, base, worker };
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
