// `npm start`: the company site, locally, with the sign-in gate working against the
// Firebase Auth emulator (no Google project needed). Builds the site in emulator mode,
// starts the emulator (firebase.json) and `docgen serve`, prints the URL; Ctrl-C stops all.
import { execFileSync, spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const EMULATOR_HOST = '127.0.0.1:9099';
const PROJECT_ID = 'demo-docgen';
const PORT = process.env.PORT ?? '3000';
const READY_TIMEOUT_MS = 120_000;

// A `demo-` project needs no Google project; the build and the emulator must agree on it.
const env = {
  ...process.env,
  FIREBASE_AUTH_EMULATOR_HOST: EMULATOR_HOST,
  DOCGEN_FIREBASE_PROJECT_ID: PROJECT_ID,
  DOCGEN_FIREBASE_AUTH_DOMAIN: `${PROJECT_ID}.firebaseapp.com`,
  NODE_ENV: 'development',
  CI: 'true',
  NO_UPDATE_NOTIFIER: '1',
};

const children = [];
let stopping = false;

function start(name, command, args, options = {}) {
  const child = spawn(command, args, { cwd: root, env, stdio: ['ignore', 'pipe', 'pipe'], detached: true, ...options });
  child.stdout.on('data', (d) => process.stdout.write(prefix(name, d)));
  child.stderr.on('data', (d) => process.stderr.write(prefix(name, d)));
  child.on('exit', (code) => {
    if (!stopping) {
      console.error(`${name} stopped unexpectedly (exit ${code}).`);
      void stop(1);
    }
  });
  children.push(child);
  return child;
}

function prefix(name, data) {
  return data.toString().replace(/^(?=.)/gm, `[${name}] `);
}

async function stop(code) {
  if (stopping) return;
  stopping = true;
  await Promise.all(children.map((child) => new Promise((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) return resolve();
    const timer = setTimeout(() => { try { process.kill(-child.pid, 'SIGKILL'); } catch {} }, 10_000);
    child.once('exit', () => { clearTimeout(timer); resolve(); });
    try { process.kill(-child.pid, 'SIGINT'); } catch { resolve(); }
  })));
  process.exit(code);
}

process.on('SIGINT', () => void stop(0));
process.on('SIGTERM', () => void stop(0));
process.on('SIGHUP', () => void stop(0));

async function waitFor(check, what) {
  const deadline = Date.now() + READY_TIMEOUT_MS;
  while (Date.now() < deadline) {
    if (stopping) return;
    if (await check()) return;
    await new Promise((r) => setTimeout(r, 500));
  }
  console.error(`${what} was not ready within ${READY_TIMEOUT_MS / 1000} s.`);
  await stop(1);
}

// 1. The CLI (npm ci --ignore-scripts skips its bundling) and the emulator, which takes ~15 s.
execFileSync(process.execPath, ['cli/scripts/build-cli.mjs'], { cwd: root, stdio: 'inherit' });
const emulatorUp = () => fetch(`http://${EMULATOR_HOST}/`, { signal: AbortSignal.timeout(2_000) }).then((r) => r.ok, () => false);
if (await emulatorUp()) {
  console.error(`Something already listens on ${EMULATOR_HOST} (another \`npm start\`?). Stop it first.`);
  process.exit(1);
}
start('auth-emulator', process.execPath, ['node_modules/firebase-tools/lib/bin/firebase.js', 'emulators:start', '--only', 'auth', '--project', PROJECT_ID]);

// 2. The site, built in emulator mode while the emulator starts.
try {
  execFileSync(process.execPath, ['cli/bin/docgen.js', 'build', '.'], { cwd: root, env, stdio: 'inherit' });
} catch {
  console.error('The build failed (see above).');
  await stop(1);
}
const manifest = JSON.parse(readFileSync(new URL('../build/.docgen/manifest.json', import.meta.url), 'utf8'));
await waitFor(emulatorUp, 'The Firebase Auth emulator');

// 3. The server.
const serve = start('serve', process.execPath, ['cli/bin/docgen.js', 'serve', '.', '--port', PORT, '--host', '127.0.0.1']);
let url = null;
serve.stdout.on('data', (d) => { url ??= /listening on (\S+)/.exec(d.toString())?.[1] ?? null; });
await waitFor(() => url !== null, 'docgen serve');
if (!stopping) {
  const domain = manifest.auth?.allowedDomain;
  console.log(`\n  ${url}\n`);
  console.log(domain
    ? `  Sign in with any @${domain} address in the emulator's account chooser (no Google account needed).`
    : '  This build has no sign-in configured.');
  console.log('  Ctrl-C stops the server and the emulator.\n');
}
