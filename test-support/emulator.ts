import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The real Firebase Auth emulator (firebase-tools) for tests, on free ports so test files
 * and a running `npm start` never collide. TESTING-NOTES.md: offline it needs the UI
 * disabled and CI=true; it is ready after ~15 s on two cores, so waits are generous but bounded.
 */
export const EMULATOR_PROJECT_ID = 'demo-docgen';
const READY_TIMEOUT_MS = 90_000;
const STOP_TIMEOUT_MS = 15_000;
const firebaseBin = fileURLToPath(new URL('../node_modules/.bin/firebase', import.meta.url));

export interface AuthEmulator {
  /** host:port, the value of FIREBASE_AUTH_EMULATOR_HOST. */
  host: string;
  projectId: string;
  /** Deletes every account (between tests). */
  clearAccounts(): Promise<void>;
  stop(): Promise<void>;
}

export async function startAuthEmulator(projectId = EMULATOR_PROJECT_ID): Promise<AuthEmulator> {
  const dir = await mkdtemp(path.join(tmpdir(), 'docgen-emulator-'));
  const [auth, hub, logging] = await freePorts(3);
  await writeFile(path.join(dir, 'firebase.json'), JSON.stringify({
    emulators: {
      auth: { host: '127.0.0.1', port: auth },
      hub: { host: '127.0.0.1', port: hub },
      logging: { host: '127.0.0.1', port: logging },
      ui: { enabled: false },
      singleProjectMode: true,
    },
  }));
  const child = spawn(firebaseBin, ['emulators:start', '--only', 'auth', '--project', projectId], {
    cwd: dir,
    // Its own process group, so stopping it takes its children with it.
    detached: true,
    env: { ...process.env, CI: 'true', NO_UPDATE_NOTIFIER: '1', FIREBASE_AUTH_EMULATOR_HOST: undefined },
  });
  let output = '';
  child.stdout?.on('data', (d: Buffer) => { output += d.toString(); });
  child.stderr?.on('data', (d: Buffer) => { output += d.toString(); });
  const host = `127.0.0.1:${auth}`;
  const stop = async () => {
    await stopGroup(child);
    await rm(dir, { recursive: true, force: true });
  };
  try {
    await waitUntilReady(host, child, () => output);
  } catch (err) {
    await stop();
    throw err;
  }
  return {
    host,
    projectId,
    clearAccounts: async () => {
      const res = await fetch(`http://${host}/emulator/v1/projects/${projectId}/accounts`, { method: 'DELETE' });
      if (!res.ok) throw new Error(`clearing emulator accounts: HTTP ${res.status}`);
    },
    stop,
  };
}

async function waitUntilReady(host: string, child: ChildProcess, output: () => string): Promise<void> {
  const deadline = Date.now() + READY_TIMEOUT_MS;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`the Auth emulator exited (${child.exitCode}):\n${output()}`);
    const up = await fetch(`http://${host}/`, { signal: AbortSignal.timeout(2_000) }).then((r) => r.ok, () => false);
    if (up) return;
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error(`the Auth emulator was not ready within ${READY_TIMEOUT_MS / 1000} s:\n${output()}`);
}

function stopGroup(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null || !child.pid) return Promise.resolve();
  const pid = child.pid;
  return new Promise((resolve) => {
    const timer = setTimeout(() => {
      try { process.kill(-pid, 'SIGKILL'); } catch { /* already gone */ }
    }, STOP_TIMEOUT_MS);
    child.once('exit', () => { clearTimeout(timer); resolve(); });
    try { process.kill(-pid, 'SIGINT'); } catch { clearTimeout(timer); resolve(); }
  });
}

/** Ports the OS reports free right now (bound to 127.0.0.1:0, then released). */
async function freePorts(count: number): Promise<number[]> {
  const servers = await Promise.all(Array.from({ length: count }, () => new Promise<ReturnType<typeof createServer>>((resolve, reject) => {
    const s = createServer();
    s.once('error', reject);
    s.listen(0, '127.0.0.1', () => resolve(s));
  })));
  const ports = servers.map((s) => (s.address() as { port: number }).port);
  await Promise.all(servers.map((s) => new Promise((r) => s.close(r))));
  return ports;
}
