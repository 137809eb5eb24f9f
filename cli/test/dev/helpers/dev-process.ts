import { spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import { fileURLToPath } from 'node:url';

const repoRoot = fileURLToPath(new URL('../../../../', import.meta.url));
const bin = fileURLToPath(new URL('../../../bin/docgen.js', import.meta.url));
const READY_TIMEOUT_MS = 30_000;
const STOP_TIMEOUT_MS = 10_000;

export interface DevProcess {
  /** http://127.0.0.1:<port> (no trailing slash). */
  origin: string;
  port: number;
  child: ChildProcess;
  /** Everything printed so far (stdout + stderr). */
  output(): string;
  /** Sends `signal` and resolves with the exit code (SIGKILL, and null, if it does not stop in time). */
  stop(signal?: NodeJS.Signals): Promise<number | null>;
}

/** The env a dev server starts with: nothing inherited that could switch modes by accident. */
export function devEnv(extra: Record<string, string> = {}): NodeJS.ProcessEnv {
  return { PATH: process.env.PATH, HOME: process.env.HOME, NO_COLOR: '1', ...extra };
}

/** A port nothing listens on right now (127.0.0.1). */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

/** True when a server can listen on the port again (the dev server let it go). */
export function portIsFree(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const server = createServer();
    server.once('error', () => resolve(false));
    server.listen(port, '127.0.0.1', () => server.close(() => resolve(true)));
  });
}

function spawnDev(siteDir: string, port: number, env: NodeJS.ProcessEnv) {
  const child = spawn(process.execPath, [bin, 'dev', siteDir, '--port', String(port)], { cwd: repoRoot, env });
  let out = '';
  child.stdout!.on('data', (d: Buffer) => (out += d.toString()));
  child.stderr!.on('data', (d: Buffer) => (out += d.toString()));
  return { child, output: () => out };
}

/** Runs `node cli/bin/docgen.js dev <siteDir> --port <port>` and waits for its ready line. */
export async function startDev(siteDir: string, env: NodeJS.ProcessEnv = devEnv()): Promise<DevProcess> {
  const port = await freePort();
  const { child, output } = spawnDev(siteDir, port, env);
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => fail(new Error(`docgen dev did not get ready:\n${output()}`)), READY_TIMEOUT_MS);
    const onData = () => /docgen dev (ready|started with problems) in/.test(output()) && done();
    const onExit = (code: number | null) => fail(new Error(`docgen dev exited with ${code}:\n${output()}`));
    const done = () => {
      clearTimeout(timer);
      child.stdout!.off('data', onData);
      child.off('exit', onExit);
      resolve();
    };
    const fail = (error: Error) => {
      clearTimeout(timer);
      child.kill('SIGKILL');
      reject(error);
    };
    child.stdout!.on('data', onData);
    child.once('exit', onExit);
  });
  return { origin: `http://127.0.0.1:${port}`, port, child, output, stop: (signal = 'SIGINT') => stopChild(child, signal) };
}

/** Runs `docgen dev` without waiting for its ready line: for requests made while it starts. */
export async function spawnDevNow(siteDir: string, env: NodeJS.ProcessEnv = devEnv()): Promise<DevProcess> {
  const port = await freePort();
  const { child, output } = spawnDev(siteDir, port, env);
  return { origin: `http://127.0.0.1:${port}`, port, child, output, stop: (signal = 'SIGINT') => stopChild(child, signal) };
}

/** Runs `docgen dev` expecting it to exit by itself; resolves with its exit code and output. */
export function devRefusal(siteDir: string, port: number, env: NodeJS.ProcessEnv = devEnv()): Promise<{ code: number | null; output: string }> {
  const { child, output } = spawnDev(siteDir, port, env);
  return new Promise((resolve) => {
    const timer = setTimeout(() => child.kill('SIGKILL'), READY_TIMEOUT_MS);
    child.once('exit', (code) => {
      clearTimeout(timer);
      resolve({ code, output: output() });
    });
  });
}

function stopChild(child: ChildProcess, signal: NodeJS.Signals): Promise<number | null> {
  if (child.exitCode !== null) return Promise.resolve(child.exitCode);
  return new Promise((resolve) => {
    const timer = setTimeout(() => child.kill('SIGKILL'), STOP_TIMEOUT_MS);
    child.once('exit', (code) => {
      clearTimeout(timer);
      resolve(code);
    });
    child.kill(signal);
  });
}

/** Polls `check` every 25 ms until it returns a value, or fails after `timeoutMs` with `what`. */
export async function eventually<T>(what: string, check: () => Promise<T | undefined | null | false> | T | undefined | null | false, timeoutMs = 15_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`timed out after ${timeoutMs} ms waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 25));
  }
}
