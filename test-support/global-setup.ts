import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * Tests run the real CLI binary, so bundle it once before any test file starts. And every
 * temporary folder of the run (fixture copies, builds, browser profiles: a thousand or more)
 * goes into one, removed when the run ends: many tests leave theirs, and runs once filled a
 * disk with them. Test files run in forks started after this, which inherit TMPDIR.
 */
export default function setup() {
  const root = fileURLToPath(new URL('..', import.meta.url));
  execFileSync(process.execPath, ['cli/scripts/build-cli.mjs'], { cwd: root, stdio: 'inherit' });
  const dir = mkdtempSync(path.join(tmpdir(), 'docgen-tests-'));
  process.env.TMPDIR = dir;
  return () => rmSync(dir, { recursive: true, force: true, maxRetries: 3 });
}
