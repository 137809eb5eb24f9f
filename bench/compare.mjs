#!/usr/bin/env node
// Side by side (issue 14): cold builds of the same generated corpus by docgen and by
// Docusaurus 3.10 with @docusaurus/faster (Rspack, SWC, Lightning CSS), alternated in one run
// on this machine, median of --runs each. Docusaurus is installed by this script into a
// temporary folder (npm install, never committed) and reused by later runs.
//
//   node bench/compare.mjs [--sizes 35,1000] [--runs 3]
// Run by `npm run bench` as the `compare` section (with that run's corpora); prints markdown.
import { cpSync, existsSync, mkdirSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ensureCorpus } from './corpus/generate.mjs';
import { fmtBytes, fmtMs, fmtRange, mdTable, summarize } from './lib/format.mjs';
import { runChecked, runMeasured } from './lib/proc.mjs';

const BENCH = path.dirname(fileURLToPath(import.meta.url));
const REPO = path.resolve(BENCH, '..');
const DOCGEN = path.join(REPO, 'cli', 'bin', 'docgen.js');
const VERSION = '3.10.2';
const WORK = path.join(os.tmpdir(), `docgen-bench-docusaurus-${VERSION}`);
const log = (m) => process.stderr.write(`${m}\n`);

const args = process.argv.slice(2);
const arg = (name, fallback) => {
  const i = args.indexOf(name);
  return i >= 0 ? args[i + 1] : fallback;
};
const sizes = arg('--sizes', process.env.DOCGEN_BENCH_SIZES ?? '35,1000').split(',').map(Number);
const runs = Number(arg('--runs', process.env.DOCGEN_BENCH_RUNS ?? '3'));
const sites = JSON.parse(process.env.DOCGEN_BENCH_SITES ?? '{}');

/** Docusaurus and its faster bundler, once per machine (TESTING-NOTES.md: @docsearch/react pinned to install here). */
function installDocusaurus() {
  if (existsSync(path.join(WORK, 'node_modules', '@docusaurus', 'faster', 'package.json'))) return;
  mkdirSync(WORK, { recursive: true });
  writeFileSync(path.join(WORK, 'package.json'), JSON.stringify({
    name: 'docgen-bench-docusaurus',
    private: true,
    dependencies: {
      '@docusaurus/core': VERSION,
      '@docusaurus/preset-classic': VERSION,
      '@docusaurus/faster': VERSION,
      '@mdx-js/react': '3.1.1',
      react: '18.3.1',
      'react-dom': '18.3.1',
    },
    overrides: { '@docsearch/react': '4.7.0' },
  }, null, 2));
  log(`installing Docusaurus ${VERSION} + @docusaurus/faster into ${WORK} (npm install, a few minutes)…`);
  runChecked('npm', ['install', '--no-audit', '--no-fund', '--loglevel=error'], { cwd: WORK, timeoutMs: 900_000 });
}

/** The docgen corpus as a Docusaurus site: same docs and static files, the classic preset. */
function prepareDocusaurusSite(n, corpus) {
  const site = path.join(WORK, `site-${n}`);
  rmSync(site, { recursive: true, force: true });
  mkdirSync(site, { recursive: true });
  cpSync(path.join(corpus, 'content', 'docs'), path.join(site, 'docs'), { recursive: true });
  if (existsSync(path.join(corpus, 'content', 'static'))) cpSync(path.join(corpus, 'content', 'static'), path.join(site, 'static'), { recursive: true });
  writeFileSync(path.join(site, 'docusaurus.config.js'), `module.exports = {
  title: 'Bench WhatsApp Oficial',
  url: 'https://example.org',
  baseUrl: '/',
  onBrokenLinks: 'warn',
  onBrokenMarkdownLinks: 'warn',
  i18n: { defaultLocale: 'pt-BR', locales: ['pt-BR'] },
  future: { v4: true, faster: true },
  // v4's defaults turn MDX 1 compatibility off; the corpus uses {#custom-id} heading ids.
  markdown: { mdx1Compat: { comments: true, admonitions: true, headingIds: true } },
  presets: [['classic', { docs: { routeBasePath: 'docs' }, blog: false, pages: false, theme: {} }]],
  themeConfig: { navbar: { title: 'Bench', items: [{ type: 'docSidebar', sidebarId: 'defaultSidebar', label: 'Docs' }] } },
};
`);
  // No sidebars file: Docusaurus autogenerates 'defaultSidebar' from the folders, as docgen does.
  cpSync(path.join(WORK, 'package.json'), path.join(site, 'package.json'));
  return site;
}

async function coldDocgen(corpus, n) {
  const out = path.join(os.tmpdir(), `docgen-compare-out-${n}`);
  rmSync(out, { recursive: true, force: true });
  rmSync(path.join(corpus, '.docgen'), { recursive: true, force: true });
  return runMeasured(process.execPath, [DOCGEN, 'build', corpus, '--out-dir', out], { cwd: REPO, timeoutMs: Math.max(120_000, n * 600) });
}

async function coldDocusaurus(site, n) {
  for (const d of ['build', '.docusaurus', 'node_modules/.cache']) rmSync(path.join(site, d), { recursive: true, force: true });
  const bin = path.join(WORK, 'node_modules', '@docusaurus', 'core', 'bin', 'docusaurus.mjs');
  return runMeasured(process.execPath, [bin, 'build', site], {
    cwd: site,
    timeoutMs: Math.max(300_000, n * 2000),
    // Packages resolve from the shared install; no telemetry or update checks on this machine.
    env: { NODE_OPTIONS: '--max-old-space-size=8192', CI: 'true', NO_UPDATE_NOTIFIER: '1' },
  });
}

installDocusaurus();
const rows = [];
for (const n of sizes) {
  const corpus = sites[n] ?? ensureCorpus(n, { log }).dir;
  const site = prepareDocusaurusSite(n, corpus);
  // The site folder resolves packages through a symlink to the shared install.
  symlinkSync(path.join(WORK, 'node_modules'), path.join(site, 'node_modules'), 'dir');
  const d = [];
  const u = [];
  for (let i = 1; i <= runs; i++) {
    const a = await coldDocgen(corpus, n);
    d.push(a);
    log(`  N=${n} docgen cold ${i}/${runs}: ${a.code === 0 ? fmtMs(a.wallMs) : `FAILED ${a.stderr?.slice(-300)}`}`);
    const b = await coldDocusaurus(site, n);
    u.push(b);
    log(`  N=${n} Docusaurus+faster cold ${i}/${runs}: ${b.code === 0 ? fmtMs(b.wallMs) : `FAILED ${(b.stderr ?? '').slice(-300)}`}`);
  }
  const ok = (list) => list.filter((r) => r.code === 0 && !r.timedOut);
  const dt = summarize(ok(d).map((r) => r.wallMs));
  const ut = summarize(ok(u).map((r) => r.wallMs));
  const dm = summarize(ok(d).map((r) => r.peakTreeKiB * 1024));
  const um = summarize(ok(u).map((r) => r.peakTreeKiB * 1024));
  rows.push([n, dt ? fmtRange(dt, fmtMs) : 'failed', ut ? fmtRange(ut, fmtMs) : 'failed', dt && ut ? `${(ut.median / dt.median).toFixed(1)}×` : '–',
    dm ? fmtBytes(dm.median) : '–', um ? fmtBytes(um.median) : '–', `${ok(d).length}/${runs}, ${ok(u).length}/${runs}`]);
}
console.log(mdTable(['pages', 'docgen cold, median (min–max)', `Docusaurus ${VERSION} + faster cold`, 'docgen faster by', 'docgen peak RSS (tree)', 'Docusaurus peak RSS (tree)', 'runs ok'], rows));
console.log(`\nAlternated cold builds (no .docgen/, .docusaurus/ or caches) of the same generated corpus; Docusaurus with \`future: { v4: true, faster: true }\`, installed in ${WORK}.`);
