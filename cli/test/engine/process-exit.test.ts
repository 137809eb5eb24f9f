import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { copyFixture, repoRoot, write } from '../helpers.js';

/**
 * Runs `docgen build` under a python parent made a child subreaper (Linux prctl): any process
 * the build leaves behind, running or a zombie, becomes that parent's child instead of init's,
 * and is listed once the build has exited.
 */
const SUBREAPER = `
import ctypes, os, subprocess, sys, time
ctypes.CDLL(None, use_errno=True).prctl(36, 1, 0, 0, 0)  # PR_SET_CHILD_SUBREAPER
code = subprocess.call(sys.argv[1:], stdout=sys.stderr)
time.sleep(0.2)
left = open('/proc/self/task/%d/children' % os.getpid()).read().split()
print(' '.join(open('/proc/%s/cmdline' % p).read().replace('\\0', ' ').strip() or ('zombie %s' % p) for p in left))
sys.exit(code)
`;

function buildUnderSubreaper(site: string) {
  const r = spawnSync('python3', ['-c', SUBREAPER, process.execPath, path.join(repoRoot, 'cli/bin/docgen.js'), 'build', site, '--out-dir', 'out'], {
    encoding: 'utf8',
    env: { ...process.env, NO_COLOR: '1', FIREBASE_AUTH_EMULATOR_HOST: '' },
    timeout: 120_000,
  });
  return { code: r.status, output: r.stderr, leftBehind: r.stdout.trim() };
}

describe.runIf(process.platform === 'linux')('docgen build leaves no process behind', () => {
  it('after a successful build', () => {
    const r = buildUnderSubreaper(copyFixture('basic'));
    expect(r.code).toBe(0);
    expect(r.leftBehind).toBe('');
  });

  it('after a build that fails once esbuild has started (config bundled, page broken)', () => {
    const site = copyFixture('basic');
    write(site, 'content/docs/intro.md', '# Quebrado\n\n<Fechado>\n');
    const r = buildUnderSubreaper(site);
    expect(r.code).not.toBe(0);
    expect(r.output).toContain('intro.md');
    expect(r.leftBehind).toBe('');
  });
});
