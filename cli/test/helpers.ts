import { spawnSync } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, writeFileSync, mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const repoRoot = fileURLToPath(new URL('../..', import.meta.url));
export const fixture = (name: string) => path.join(repoRoot, 'cli/test/fixtures', name);

/** Runs the real CLI binary (bundled by vitest's globalSetup). */
export function docgen(args: string[], opts: { cwd?: string; env?: NodeJS.ProcessEnv } = {}) {
  const r = spawnSync(process.execPath, [path.join(repoRoot, 'cli/bin/docgen.js'), ...args], {
    cwd: opts.cwd ?? repoRoot,
    encoding: 'utf8',
    env: { ...process.env, NO_COLOR: '1', FIREBASE_AUTH_EMULATOR_HOST: '', ...opts.env },
    timeout: 120_000,
  });
  return { code: r.status, stdout: r.stdout, stderr: r.stderr, output: r.stdout + r.stderr };
}

/** A writable copy of a fixture site in a fresh temp folder. */
export function copyFixture(name: string): string {
  const dir = mkdtempSync(path.join(tmpdir(), `docgen-${name}-`));
  // Without a .docgen a build of the fixture folder itself may have left: every test starts cold.
  cpSync(fixture(name), dir, { recursive: true, filter: (from) => path.basename(from) !== '.docgen' });
  return dir;
}

export function write(root: string, rel: string, text: string) {
  mkdirSync(path.dirname(path.join(root, rel)), { recursive: true });
  writeFileSync(path.join(root, rel), text);
}

export const read = (root: string, rel: string) => readFileSync(path.join(root, rel), 'utf8');

/** The boot data of a built page. */
export function bootOf(html: string) {
  const m = /<script id="__docgen_boot" type="application\/json">(.*?)<\/script>/s.exec(html);
  if (!m) throw new Error('no boot data');
  return JSON.parse(m[1]);
}

/**
 * Where a built page (served from the root of `out`) finds the route manifest and its search
 * index: its build's current.json, as the browser does.
 */
export function locationsOf(out: string, boot: { current: string; searchKey?: string }): { manifest: string; manifestShards?: number; searchIndex?: string } {
  const current = JSON.parse(read(out, boot.current.slice(1)));
  return { manifest: current.manifest, manifestShards: current.manifestShards, searchIndex: boot.searchKey ? current.searchIndexes[boot.searchKey] : undefined };
}

/**
 * Builds a fresh copy of a fixture with some files changed first (the "one mistake, and what
 * the build says about it" tests): each entry is the file's new text, or a function of its
 * current text. Returns the copy and the CLI's result.
 */
export function buildChanged(name: string, changes: Record<string, string | ((text: string) => string)>, args: string[] = []) {
  const site = copyFixture(name);
  for (const [rel, change] of Object.entries(changes)) write(site, rel, typeof change === 'string' ? change : change(read(site, rel)));
  return { site, result: docgen(['build', site, ...args]) };
}

/** What docgen() returns: exit code and output. */
export type CliResult = ReturnType<typeof docgen>;

/** Builds a fresh copy of a fixture site: its folder, its build folder and the CLI's result. */
export function buildFixture(name: string, args: string[] = ['--strict-links']) {
  const site = copyFixture(name);
  return { site, out: path.join(site, 'build'), result: docgen(['build', site, ...args]) };
}

/** A small deterministic random generator (mulberry32), so a randomised test's failure is reproducible. */
export function seededRandom(seed: number): () => number {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
