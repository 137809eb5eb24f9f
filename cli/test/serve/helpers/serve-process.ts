import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { fileURLToPath } from 'node:url';

const repoRoot = fileURLToPath(new URL('../../../../', import.meta.url));
const bin = fileURLToPath(new URL('../../../bin/docgen.js', import.meta.url));
const READY_TIMEOUT_MS = 30_000;
const STOP_TIMEOUT_MS = 10_000;

export interface ServeProcess {
  /** Base URL of the site, e.g. http://127.0.0.1:41234/ */
  url: string;
  /** Everything printed so far (stdout + stderr). */
  output(): string;
  /** SIGTERM, then the exit code (SIGKILL if it does not stop in time). */
  stop(): Promise<number | null>;
  /** Resolves once the output matches `re` (rejects after READY_TIMEOUT_MS). */
  waitFor(re: RegExp): Promise<RegExpMatchArray>;
  /** Sends `signal` without waiting for the exit. */
  kill(signal: NodeJS.Signals): void;
  /** The exit code, once the process has exited. */
  exited: Promise<number | null>;
}

/** A session secret docgen serve accepts (random: a repeated character is refused as guessable). */
export function testSecret(): string {
  return randomBytes(32).toString('base64url');
}

/** The env a test server starts with: nothing inherited that could switch modes by accident. */
export function baseEnv(extra: Record<string, string | undefined> = {}): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { PATH: process.env.PATH, HOME: process.env.HOME, NODE_ENV: 'test' };
  for (const [k, v] of Object.entries(extra)) if (v !== undefined) env[k] = v;
  return env;
}

/** `--port 0` unless the test chooses (`--port` in args, or `PORT` in the env with `noPort`). */
function serveArgs(buildDir: string, args: string[], noPort: boolean): string[] {
  return [bin, 'serve', buildDir, '--dir', '.', ...(noPort || args.includes('--port') ? [] : ['--port', '0']), ...args];
}

/** Runs `node cli/bin/docgen.js serve <buildDir> --dir . --port 0` and waits for its URL. */
export function startServe(buildDir: string, env: NodeJS.ProcessEnv, args: string[] = [], opts: { noPort?: boolean } = {}): Promise<ServeProcess> {
  const child = spawn(process.execPath, serveArgs(buildDir, args, !!opts.noPort), { cwd: repoRoot, env });
  let out = '';
  child.stdout.on('data', (d: Buffer) => { out += d.toString(); });
  child.stderr.on('data', (d: Buffer) => { out += d.toString(); });
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => { child.kill('SIGKILL'); reject(new Error(`docgen serve did not start:\n${out}`)); }, READY_TIMEOUT_MS);
    const onData = () => {
      const m = /listening on (http:\/\/\S+)/.exec(out);
      if (!m) return;
      clearTimeout(timer);
      child.stdout.off('data', onData);
      const waitFor = (re: RegExp) => new Promise<RegExpMatchArray>((ok, fail) => {
        const check = () => {
          const found = out.match(re);
          if (!found) return false;
          clearTimeout(limit);
          child.stdout.off('data', check);
          child.stderr.off('data', check);
          ok(found);
          return true;
        };
        const limit = setTimeout(() => fail(new Error(`no ${re} in the output:\n${out}`)), READY_TIMEOUT_MS);
        if (check()) return;
        child.stdout.on('data', check);
        child.stderr.on('data', check);
      });
      const exited = new Promise<number | null>((ok) => (child.exitCode !== null ? ok(child.exitCode) : child.once('exit', (code) => ok(code))));
      resolve({ url: m[1], output: () => out, stop: () => stopChild(child), waitFor, kill: (signal) => child.kill(signal), exited });
    };
    child.stdout.on('data', onData);
    child.once('exit', (code) => { clearTimeout(timer); reject(new Error(`docgen serve exited with ${code}:\n${out}`)); });
  });
}

/** Runs `docgen serve` expecting it to refuse to start; resolves with its exit code and output. */
export function serveRefusal(buildDir: string, env: NodeJS.ProcessEnv, args: string[] = []): Promise<{ code: number | null; output: string }> {
  const child = spawn(process.execPath, serveArgs(buildDir, args, false), { cwd: repoRoot, env });
  let out = '';
  child.stdout.on('data', (d: Buffer) => { out += d.toString(); });
  child.stderr.on('data', (d: Buffer) => { out += d.toString(); });
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => { child.kill('SIGKILL'); reject(new Error(`docgen serve did not exit:\n${out}`)); }, READY_TIMEOUT_MS);
    child.stdout.on('data', () => {
      if (out.includes('listening on')) { clearTimeout(timer); child.kill('SIGKILL'); reject(new Error(`docgen serve started:\n${out}`)); }
    });
    child.once('exit', (code) => { clearTimeout(timer); resolve({ code, output: out }); });
  });
}

function stopChild(child: ChildProcess): Promise<number | null> {
  if (child.exitCode !== null) return Promise.resolve(child.exitCode);
  return new Promise((resolve) => {
    const timer = setTimeout(() => child.kill('SIGKILL'), STOP_TIMEOUT_MS);
    child.once('exit', (code) => { clearTimeout(timer); resolve(code); });
    child.kill('SIGTERM');
  });
}
