// `npm test`: everything that must pass — unit, integration and browser tests (vitest).
// Installs Debian's Chromium when missing (as root), builds the CLI, runs vitest and
// prints one closing line "tests: N passed, N failed".
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, readFileSync, mkdirSync } from 'node:fs';

const CHROMIUM = '/usr/bin/chromium';

function ensureChromium() {
  if (existsSync(CHROMIUM)) return;
  if (process.getuid?.() !== 0) {
    console.error('Browser tests need Debian\'s Chromium: run `sudo apt-get update && sudo apt-get install -y chromium`, then `npm test` again.');
    process.exit(1);
  }
  console.log('Installing Debian\'s chromium for the browser tests (apt-get)…');
  execFileSync('apt-get', ['update', '-qq'], { stdio: 'inherit' });
  execFileSync('apt-get', ['install', '-y', '-qq', 'chromium'], { stdio: 'inherit', env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' } });
}

ensureChromium();
// Types first: strict TypeScript over the engine, theme, tests and site (a few seconds).
const types = spawnSync(process.execPath, ['node_modules/typescript/bin/tsc', '-p', 'tsconfig.json', '--noEmit'], { stdio: 'inherit' });
if (types.status !== 0) {
  console.error('Type check failed (see above).');
  process.exit(1);
}
execFileSync(process.execPath, ['cli/scripts/build-cli.mjs'], { stdio: 'inherit' });
mkdirSync('test-results', { recursive: true });
const report = 'test-results/vitest.json';
const run = spawnSync(
  process.execPath,
  ['node_modules/vitest/vitest.mjs', 'run', '--reporter=default', '--reporter=json', `--outputFile.json=${report}`, ...process.argv.slice(2)],
  { stdio: 'inherit', env: { ...process.env, CI: process.env.CI ?? 'true' } },
);
if (existsSync(report)) {
  const r = JSON.parse(readFileSync(report, 'utf8'));
  console.log(`tests: ${r.numPassedTests} passed, ${r.numFailedTests} failed${r.numPendingTests ? `, ${r.numPendingTests} skipped` : ''}`);
}
process.exit(run.status ?? 1);
