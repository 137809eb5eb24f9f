// Docusaurus side of the compatibility bench: each site builds with its OWN dependencies
// (its package.json, and its package-lock.json when it has one), installed with npm into a
// copy of the site in the system temp folder, never in the site folder or the repository.
// The install is kept across runs (keyed by a hash of package.json + lock file); the site's
// files are re-copied before every build so an edited checkout is what gets built.
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { cpSync, existsSync, mkdirSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { runMeasured } from './proc.mjs';

export const WORK = process.env.DOCGEN_COMPAT_WORK ?? path.join(os.tmpdir(), 'docgen-bench-compat');
const KEEP = new Set(['node_modules', '.compat-install', 'build', '.docusaurus', '.git']);
const SKIP = new Set(['node_modules', 'build', '.docusaurus', '.git', '.docgen', '.cache']);

function installKey(siteDir) {
  const h = createHash('sha256');
  for (const f of ['package.json', 'package-lock.json', 'npm-shrinkwrap.json']) {
    const p = path.join(siteDir, f);
    if (existsSync(p)) h.update(f).update(readFileSync(p));
  }
  return h.digest('hex').slice(0, 16);
}

/** Copies the site (without its node_modules/build) over the work copy, keeping the install. */
function syncCopy(siteDir, copy) {
  mkdirSync(copy, { recursive: true });
  for (const e of readdirSync(copy)) if (!KEEP.has(e)) rmSync(path.join(copy, e), { recursive: true, force: true });
  for (const e of readdirSync(siteDir)) {
    if (SKIP.has(e)) continue;
    cpSync(path.join(siteDir, e), path.join(copy, e), { recursive: true, verbatimSymlinks: true });
  }
  commitCopy(copy);
}

/**
 * The copy is a git repository with the site committed once: a checkout is one, and sites with
 * showLastUpdateTime/Author make Docusaurus run `git log` per doc and fail without it. Fixed
 * author and date, so both engines read the same "last updated" for every page.
 */
function commitCopy(copy) {
  const env = { ...process.env, GIT_AUTHOR_NAME: 'compat bench', GIT_AUTHOR_EMAIL: 'bench@example.invalid', GIT_COMMITTER_NAME: 'compat bench', GIT_COMMITTER_EMAIL: 'bench@example.invalid', GIT_AUTHOR_DATE: '2024-01-01T00:00:00Z', GIT_COMMITTER_DATE: '2024-01-01T00:00:00Z' };
  const git = (...a) => spawnSync('git', a, { cwd: copy, env, encoding: 'utf8', timeout: 120_000 });
  if (!existsSync(path.join(copy, '.git'))) git('init', '-q');
  writeFileSync(path.join(copy, '.git', 'info', 'exclude'), 'node_modules/\nbuild/\n.docusaurus/\n.docgen/\n.compat-install\n');
  git('add', '-A', '.');
  git('commit', '-q', '--allow-empty', '--no-verify', '--no-gpg-sign', '-m', 'site as extracted');
}

/**
 * The site's copy with its dependencies installed: { copy, installMs, installNote } or
 * { error }. npm with --ignore-scripts (no site's install scripts run on this machine); when
 * npm refuses the peer-dependency tree (ERESOLVE, common with React 19 and older plugins) it
 * is retried with --legacy-peer-deps, and the note says so.
 */
export async function prepareDocusaurusCopy(name, siteDir, { log = () => {}, timeoutMs = 1_200_000 } = {}) {
  const copy = path.join(WORK, name);
  syncCopy(siteDir, copy);
  const key = installKey(siteDir);
  const marker = path.join(copy, '.compat-install');
  if (existsSync(marker) && existsSync(path.join(copy, 'node_modules')) && JSON.parse(readFileSync(marker, 'utf8')).key === key) {
    return { copy, installMs: 0, installNote: `${JSON.parse(readFileSync(marker, 'utf8')).note} (cached)` };
  }
  rmSync(path.join(copy, 'node_modules'), { recursive: true, force: true });
  const pinned = pinDocusaurusPackages(copy);
  if (pinned) log(`  ${name}: no npm lockfile and an exact @docusaurus/core ${pinned}: every @docusaurus/* package pinned to it (npm overrides)`);
  const fromYarn = pinFromYarnLock(copy);
  if (fromYarn) log(`  ${name}: no npm lockfile: ${fromYarn} pinned to its yarn.lock version (npm overrides)`);
  const base = ['install', '--no-audit', '--no-fund', '--ignore-scripts', '--loglevel=error', '--no-update-notifier'];
  const env = { CI: 'true', NO_UPDATE_NOTIFIER: '1', npm_config_engine_strict: 'false' };
  log(`  ${name}: npm install in ${copy} (its own package.json)…`);
  let r = await runMeasured('npm', base, { cwd: copy, env, timeoutMs });
  let note = pinned ? `npm install, @docusaurus/* pinned to ${pinned}` : 'npm install';
  if (r.code !== 0 && /ERESOLVE|peer dep/i.test(r.stderr + r.stdout)) {
    log(`  ${name}: peer-dependency conflict, retrying with --legacy-peer-deps`);
    r = await runMeasured('npm', [...base, '--legacy-peer-deps'], { cwd: copy, env, timeoutMs });
    note = 'npm install --legacy-peer-deps';
  }
  if (r.code !== 0 && /EBADDEVENGINES/.test(r.stderr + r.stdout)) {
    // devEngines asks for another Node than this machine's (pnpm.io: 22); --force makes npm warn instead.
    log(`  ${name}: package.json devEngines wants another Node, retrying with --force`);
    r = await runMeasured('npm', [...base, '--force'], { cwd: copy, env, timeoutMs });
    note = 'npm install --force (devEngines)';
  }
  if (r.code !== 0) {
    const tail = (r.stderr || r.stdout).trim().split('\n').slice(-8).join('\n');
    return { error: `npm install failed${r.timedOut ? ' (time limit)' : ` (exit ${r.code})`}: ${tail}` };
  }
  writeFileSync(marker, JSON.stringify({ key, note, at: new Date().toISOString() }));
  return { copy, installMs: r.wallMs, installNote: note };
}

// Docusaurus's own packages must all be one version (two copies of theme-common are two React
// contexts, and every page fails to render). A site pins them through its lockfile; npm cannot
// read yarn.lock or pnpm-lock.yaml, so with an exact core version and no package-lock.json the
// copy's package.json gets npm overrides to that version (cosmos-sdk: core 2.4.0, a plugin
// asking ^2 pulled theme-common 2.4.3 beside theme-classic's 2.4.0).
const DOCUSAURUS_PACKAGES = ['core', 'types', 'utils', 'utils-common', 'utils-validation', 'logger', 'mdx-loader', 'cssnano-preset', 'babel', 'bundler',
  'theme-common', 'theme-classic', 'theme-translations', 'theme-search-algolia', 'theme-mermaid', 'theme-live-codeblock', 'preset-classic',
  'plugin-content-docs', 'plugin-content-blog', 'plugin-content-pages', 'plugin-debug', 'plugin-sitemap', 'plugin-client-redirects',
  'plugin-google-analytics', 'plugin-google-gtag', 'plugin-google-tag-manager', 'plugin-ideal-image', 'plugin-pwa', 'plugin-svgr', 'plugin-css-cascade-layers',
  'module-type-aliases', 'remark-plugin-npm2yarn', 'faster'];

// Build tools whose newest releases drop internals older Docusaurus versions require
// (webpack 5.113 has no lib/ContextReplacementPlugin, which Docusaurus 2.4's theme-classic loads).
const YARN_PINNED = ['webpack'];

/** With a yarn.lock and no npm lockfile: YARN_PINNED packages pinned to the one version yarn.lock resolved. */
function pinFromYarnLock(copy) {
  if (['package-lock.json', 'npm-shrinkwrap.json'].some((f) => existsSync(path.join(copy, f))) || !existsSync(path.join(copy, 'yarn.lock'))) return null;
  const lock = readFileSync(path.join(copy, 'yarn.lock'), 'utf8');
  const file = path.join(copy, 'package.json');
  const pkg = JSON.parse(readFileSync(file, 'utf8'));
  const declared = { ...pkg.dependencies, ...pkg.devDependencies };
  const done = [];
  for (const name of YARN_PINNED) {
    // An entry's header names the package (`webpack@^5.73.0:` or `"webpack@npm:^5", …:`); its version line follows.
    const versions = new Set([...lock.matchAll(new RegExp(`^"?${name}@[^\\n]*:\\n\\s+version:? "?([\\d.]+)`, 'gm'))].map((m) => m[1]));
    if (versions.size !== 1 || declared[name]) continue;
    const [version] = versions;
    pkg.overrides = { ...pkg.overrides, [name]: version };
    done.push(`${name} ${version}`);
  }
  if (done.length) writeFileSync(file, `${JSON.stringify(pkg, null, 2)}\n`);
  return done.join(', ') || null;
}

function pinDocusaurusPackages(copy) {
  if (['package-lock.json', 'npm-shrinkwrap.json'].some((f) => existsSync(path.join(copy, f)))) return null;
  const file = path.join(copy, 'package.json');
  const pkg = JSON.parse(readFileSync(file, 'utf8'));
  const core = pkg.dependencies?.['@docusaurus/core'] ?? pkg.devDependencies?.['@docusaurus/core'];
  if (!core || !/^\d+\.\d+\.\d+$/.test(core)) return null;
  const declared = { ...pkg.dependencies, ...pkg.devDependencies };
  pkg.overrides = { ...pkg.overrides };
  for (const n of DOCUSAURUS_PACKAGES) {
    const name = `@docusaurus/${n}`;
    // npm refuses an override that conflicts with a direct dependency's own spec; use a reference then.
    pkg.overrides[name] = declared[name] ? `$${name}` : core;
  }
  for (const n of Object.keys(declared)) if (n.startsWith('@docusaurus/') && declared[n] !== core && /^[~^]/.test(declared[n])) {
    if (pkg.dependencies?.[n]) pkg.dependencies[n] = core;
    if (pkg.devDependencies?.[n]) pkg.devDependencies[n] = core;
  }
  writeFileSync(file, `${JSON.stringify(pkg, null, 2)}\n`);
  return core;
}

/** A cold Docusaurus build of the copy, default locale only; resolves runMeasured's result plus outDir. */
export async function buildDocusaurus(copy, { locale, timeoutMs = 1_800_000 } = {}) {
  for (const d of ['build', '.docusaurus', 'node_modules/.cache']) rmSync(path.join(copy, d), { recursive: true, force: true });
  const bin = path.join(copy, 'node_modules', '@docusaurus', 'core', 'bin', 'docusaurus.mjs');
  if (!existsSync(bin)) return { code: -1, stderr: '@docusaurus/core is not installed in the copy', stdout: '', wallMs: 0, outDir: null };
  const args = [bin, 'build', '.', '--out-dir', 'build'];
  if (locale) args.push('--locale', locale);
  const r = await runMeasured(process.execPath, args, {
    cwd: copy,
    timeoutMs,
    env: { NODE_OPTIONS: '--max-old-space-size=8192', CI: 'true', NO_UPDATE_NOTIFIER: '1', DOCUSAURUS_TELEMETRY: '0' },
  });
  return { ...r, outDir: path.join(copy, 'build') };
}
