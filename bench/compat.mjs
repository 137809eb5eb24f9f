#!/usr/bin/env node
// Compatibility bench (issues 10 and 11): real public Docusaurus sites, built unchanged by
// Docusaurus (each with its own dependencies, installed into the system temp folder) and by
// docgen, then compared from their HTML: routes, sidebars, doc content. Prints markdown (one
// row per site, then docgen's failures grouped by cause) and writes the per-page differences
// to bench/results/compat-<site>.json. Nothing here fails on a figure: it measures progress.
//
//   node bench/compat.mjs [--docgen <path to cli/bin/docgen.js>] [--no-build-cli]
//                         [--timeout S] [--docusaurus-timeout S] [--fresh-docusaurus] [dir…]
// With no dir: the sites of bench/compat-sites.json, extracted by bench/compat-sites.mjs.
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { DEFAULT_DEST, SITES, extract } from './compat-sites.mjs';
import { buildDocusaurus, prepareDocusaurusCopy, WORK } from './lib/compat-docusaurus.mjs';
import { analyzePage, compareContent, compareSidebar, detectBaseUrl, docusaurusOrigin, DOCGEN_ORIGINS, listRoutes, TEXT_THRESHOLD } from './lib/compat-html.mjs';
import { fmtMs, mdTable } from './lib/format.mjs';
import { runMeasured } from './lib/proc.mjs';

const BENCH = path.dirname(fileURLToPath(import.meta.url));
const REPO = path.resolve(BENCH, '..');
const log = (m) => process.stderr.write(`${m}\n`);
// Part of the Docusaurus cache key: bump it when the way this bench installs or builds a site
// changes, so builds (and failures) made the old way are not reused.
export const DOCUSAURUS_RECIPE = 'r2';

export const COMPAT_USAGE = `usage: node bench/compat.mjs [--docgen PATH] [--no-build-cli] [--timeout S] [--docusaurus-timeout S] [--fresh-docusaurus] [dir…]
  dir                 Docusaurus site roots (default: the sites of bench/compat-sites.json, extracted under ${DEFAULT_DEST})
  --docgen PATH       the docgen CLI to test (default: this checkout's cli/bin/docgen.js); its checkout's CLI is rebuilt first
  --no-build-cli      use that CLI's dist as it is
  --timeout S         limit per docgen build (default 900)
  --docusaurus-timeout S  limit per Docusaurus build (default 2400; npm install has 1200)
  --fresh-docusaurus  rebuild with Docusaurus even when a build of the same site content is cached
  --cached-docusaurus never build with Docusaurus: compare with the cached build, or report the site as not built`;

function parseCompatArgs(argv) {
  const o = { docgen: path.join(REPO, 'cli', 'bin', 'docgen.js'), buildCli: true, timeoutS: 900, docusaurusTimeoutS: 2400, fresh: false, cachedOnly: false, dirs: [] };
  for (let i = 0; i < argv.length; i++) {
    const [flag, inline] = argv[i].split('=', 2);
    const value = () => inline ?? argv[++i];
    switch (flag) {
      case '--docgen': o.docgen = path.resolve(value()); break;
      case '--no-build-cli': o.buildCli = false; break;
      case '--timeout': o.timeoutS = Number(value()); break;
      case '--docusaurus-timeout': o.docusaurusTimeoutS = Number(value()); break;
      case '--fresh-docusaurus': o.fresh = true; break;
      case '--cached-docusaurus': o.cachedOnly = true; break;
      case '-h': case '--help': console.log(COMPAT_USAGE); process.exit(0); break;
      default:
        if (argv[i].startsWith('--')) throw new Error(`unknown option ${argv[i]}\n${COMPAT_USAGE}`);
        o.dirs.push(path.resolve(argv[i]));
    }
  }
  return o;
}

/** Files of the site that a build reads (not installs, outputs or caches), for cache keys and counts. */
export function siteFiles(dir) {
  const out = [];
  // Outputs and caches at the root only: a docs folder may well be called build/ (cosmos-sdk).
  const skipAnywhere = new Set(['node_modules', '.git']);
  const skipAtRoot = new Set(['build', '.docusaurus', '.docgen', '.cache']);
  const walk = (d, rel) => {
    for (const e of readdirSync(d, { withFileTypes: true })) {
      if (skipAnywhere.has(e.name) || (!rel && skipAtRoot.has(e.name))) continue;
      const r = rel ? `${rel}/${e.name}` : e.name;
      if (e.isDirectory()) walk(path.join(d, e.name), r);
      else if (e.isFile()) out.push(r);
    }
  };
  walk(dir, '');
  return out.sort();
}

export function contentKey(dir, files) {
  const h = createHash('sha256');
  for (const f of files) h.update(f).update('\0').update(readFileSync(path.join(dir, f))).update('\0');
  return h.digest('hex').slice(0, 16);
}

/**
 * Doc source files: .md/.mdx under docs/, versioned_docs/ and any other folder the config names
 * as a `path:` (a second docs plugin, docs kept elsewhere), partials (_x.md) excluded.
 */
function docSources(files, configText) {
  const roots = new Set(['docs', 'versioned_docs']);
  for (const m of configText.matchAll(/\bpath:\s*['"`]\.?\/?([\w.-][\w./-]*?)\/?['"`]/g)) roots.add(m[1]);
  // An extra docs instance's older versions: <id>_versioned_docs/.
  const under = (f) => [...roots].some((r) => f.startsWith(`${r}/`)) || /^[\w-]+_versioned_docs\//.test(f);
  return files.filter((f) => under(f) && /\.mdx?$/.test(f) && !f.split('/').some((p) => p.startsWith('_')));
}

function readConfigText(dir) {
  for (const f of ['docusaurus.config.ts', 'docusaurus.config.js', 'docusaurus.config.mjs', 'docusaurus.config.cjs', 'docusaurus.config.mts']) {
    const p = path.join(dir, f);
    if (existsSync(p)) return readFileSync(p, 'utf8');
  }
  return '';
}

const defaultLocale = (configText) => /defaultLocale:\s*['"`]([^'"`]+)['"`]/.exec(configText)?.[1] ?? null;
/** The i18n locales other than the default one (Docusaurus builds the default only here). */
const otherLocalesOf = (configText, locale) => [...(/\blocales:\s*\[([^\]]*)\]/.exec(configText)?.[1] ?? '').matchAll(/['"`]([^'"`]+)['"`]/g)].map((m) => m[1]).filter((l) => l !== locale);

const ANSI = /\x1b\[[0-9;]*m/g;

/**
 * docgen's problems from its output, grouped by cause. Lines it prints for a file are
 * `file:line:col: message` or `file: message`; other failures are `error message`. The cause is
 * the message with positions, numbers and quoted names of files cut, but the name of a module
 * that could not be resolved kept (that is what an engineer needs to know).
 */
export function docgenProblems(output) {
  const files = new Map(); // file → [messages], errors only
  const warned = new Map(); // file → [messages], warnings
  const general = [];
  const fileLine = /^(error\s+|warn(?:ing)?\s+)?([^\s:][^:]*\.(?:mdx?|jsx?|tsx?|json|ya?ml|css|scss)):(?:(\d+)(?::(\d+))?:)?\s+(.+)$/;
  for (const raw of output.replace(ANSI, '').split('\n')) {
    const line = raw.trim();
    if (!line || line.startsWith('✔')) continue;
    let m = fileLine.exec(line);
    if (m) {
      const into = /^warn/.test(m[1] ?? '') ? warned : files;
      if (!into.has(m[2])) into.set(m[2], []);
      into.get(m[2]).push(m[5]);
      continue;
    }
    m = /^error\s+(.+)$/.exec(line);
    if (m && !/^Build failed/.test(m[1]) && !/^Bundling failed:?$/.test(m[1]) && !/^\d+ problems? in the content:?$/.test(m[1])) general.push(m[1]);
  }
  const group = (map, extra = []) => {
    const causes = new Map();
    const add = (cause, file) => {
      if (!causes.has(cause)) causes.set(cause, { cause, files: new Set(), count: 0 });
      const c = causes.get(cause);
      c.count++;
      if (file) c.files.add(file);
    };
    for (const [file, msgs] of map) for (const msg of msgs) add(causeOf(msg), file);
    for (const msg of extra) add(causeOf(msg), null);
    return [...causes.values()].map((c) => ({ cause: c.cause, files: c.files.size, occurrences: c.count, examples: [...c.files].slice(0, 5) })).sort((a, b) => b.files - a.files || b.occurrences - a.occurrences);
  };
  return {
    filesWithProblems: [...files.keys()],
    perFile: Object.fromEntries(files),
    causes: group(files, general),
    filesWithWarnings: warned.size,
    warnings: group(warned),
    perFileWarnings: Object.fromEntries(warned),
  };
}

function causeOf(msg) {
  const resolve = /Could not resolve "([^"]+)"/.exec(msg);
  if (resolve) {
    // An aliased path (@theme/Tabs, @site/src/…) is the cause itself; for a package, its name.
    const spec = resolve[1];
    const pkg = /^(@theme|@site|@docusaurus\/|@docgen|@generated|[./])/.test(spec) ? spec : spec.split('/').slice(0, spec.startsWith('@') ? 2 : 1).join('/');
    return `Could not resolve "${pkg}"`;
  }
  const md = /^Broken markdown link "([^"]+)"/.exec(msg);
  if (md) {
    // The shape of the link says why: absolute from the docs root, relative, with an anchor…
    const link = md[1];
    const shape = link.startsWith('/') ? 'absolute "/…' : link.startsWith('.') ? 'relative "./…' : 'relative "…';
    return `Broken markdown link (${shape}${path.extname(link.split('#')[0])}${link.includes('#') ? '#…' : ''}")`;
  }
  return msg
    .replace(/\(\d+:\d+(-\d+:\d+)?\)/g, '')
    .replace(/\/[^\s"'`]+\/(?=[^\s/"'`]+)/g, '…/')
    .replace(/\b\d+(\.\d+)?\s*(ms|s)\b/g, 'N $2')
    .replace(/\s+/g, ' ')
    .trim()
    .slice(0, 160);
}

function stageOf(output, code) {
  if (code === 0) return 'built';
  const done = [...output.replace(ANSI, '').matchAll(/^✔ (.+?)\s{2,}/gm)].map((m) => m[1].trim());
  return done.length ? `failed after "${done.at(-1)}"` : 'failed before any stage';
}

/** `locale`: the one Docusaurus was asked to build (`--locale`), passed to docgen too, so both do the same work. */
async function docgenBuild(opts, siteDir, outDir, locale) {
  rmSync(outDir, { recursive: true, force: true });
  rmSync(path.join(siteDir, '.docgen'), { recursive: true, force: true }); // cold: no docgen cache
  const r = await runMeasured(process.execPath, [opts.docgen, 'build', siteDir, '--out-dir', outDir, ...(locale ? ['--locale', locale] : [])], { cwd: siteDir, timeoutMs: opts.timeoutS * 1000 });
  const output = `${r.stdout}\n${r.stderr}`;
  return { ...r, output, stage: r.timedOut ? `timed out after ${opts.timeoutS} s` : stageOf(output, r.code), problems: docgenProblems(output), ok: r.code === 0 && existsSync(outDir) };
}

/** The cached Docusaurus build of this exact site content, or a new one. */
async function docusaurusSide(opts, name, siteDir, key, locale) {
  const cacheFile = path.join(WORK, `${name}.docusaurus.json`);
  const copy = path.join(WORK, name);
  if (!opts.fresh && existsSync(cacheFile)) {
    const c = JSON.parse(readFileSync(cacheFile, 'utf8'));
    if (c.key === key && c.ok && existsSync(path.join(copy, 'build'))) {
      log(`  Docusaurus: reusing the build of ${c.at} (same site content; --fresh-docusaurus to rebuild)`);
      return { ...c, copy, outDir: path.join(copy, 'build'), cached: true };
    }
    // The same content failed before: it would fail again, after as long (cosmos-sdk: 15 min).
    if (c.key === key && !c.ok && c.wallMs) {
      log(`  Docusaurus: this site content failed to build on ${c.at}; not retried (--fresh-docusaurus to retry; log in ${cacheFile.replace(/json$/, 'log')})`);
      return { ...c, copy, outDir: null, cached: true };
    }
  }
  if (opts.cachedOnly) {
    log('  Docusaurus: no cached build of this site content, and --cached-docusaurus says not to build');
    return { ok: false, copy, key, error: 'not built: no cached Docusaurus build of this content (--cached-docusaurus)' };
  }
  const prep = await prepareDocusaurusCopy(name, siteDir, { log });
  if (prep.error) return { ok: false, copy, error: prep.error, key };
  log(`  Docusaurus: cold build of ${name}${locale ? ` (locale ${locale})` : ''}…`);
  const r = await buildDocusaurus(prep.copy, { locale, timeoutMs: opts.docusaurusTimeoutS * 1000 });
  const ok = r.code === 0 && existsSync(r.outDir);
  const result = {
    key, ok, at: new Date().toISOString(), wallMs: r.wallMs, peakTreeKiB: r.peakTreeKiB, install: prep.installNote,
    error: ok ? null : (r.timedOut ? `timed out after ${opts.docusaurusTimeoutS} s` : (r.stderr || r.stdout).trim().split('\n').slice(-15).join('\n')),
  };
  mkdirSync(WORK, { recursive: true });
  writeFileSync(cacheFile, JSON.stringify(result, null, 2));
  writeFileSync(cacheFile.replace(/json$/, 'log'), `${r.stdout}\n${r.stderr}`);
  log(`  Docusaurus: ${ok ? `built in ${fmtMs(r.wallMs)}` : `FAILED: ${result.error.slice(-400)}`}`);
  return { ...result, copy, outDir: r.outDir };
}

/** Routes, sidebars and content of the two builds. */
/**
 * `otherLocales`: the site's locales other than the one Docusaurus built; docgen is asked for
 * that locale too (`--locale`), and any route of theirs under `/<locale>/` is counted apart,
 * not as a route only docgen makes.
 */
export async function compareBuilds(uOut, dOut, { otherLocales = [] } = {}) {
  const uRoutes = listRoutes(uOut);
  const dRoutes = listRoutes(dOut);
  const otherLocaleRoutes = [...dRoutes.keys()].filter((r) => otherLocales.some((l) => r === `/${l}` || r.startsWith(`/${l}/`)));
  for (const r of otherLocaleRoutes) dRoutes.delete(r);
  if (dRoutes.size === 0) {
    // docgen wrote nothing: every route and page is missing; count Docusaurus's doc pages
    // without parsing them (parsing hundreds of pages costs minutes and GBs of heap).
    const docPages = [...uRoutes.values()].filter((f) => readFileSync(f, 'utf8').includes('theme-doc-markdown')).length;
    return {
      baseUrl: { docusaurus: detectBaseUrl(uRoutes, 'docusaurus'), docgen: null },
      routes: { docusaurus: uRoutes.size, docgen: 0, onlyDocusaurus: [...uRoutes.keys()].sort(), onlyDocgen: [], fromOtherPlugins: {}, otherLocales: 0 },
      docPages, equivalent: 0, sidebar: { same: 0, total: null, pagesEqual: 0 },
      differences: [{ what: 'missing in docgen', pages: docPages }], pages: [],
    };
  }
  const uBase = detectBaseUrl(uRoutes, 'docusaurus');
  const dBase = detectBaseUrl(dRoutes, 'docgen');
  const onlyD = [...dRoutes.keys()].filter((r) => !uRoutes.has(r)).sort();
  // Routes only Docusaurus makes, split by the plugin that made them: those of plugins docgen
  // does not run (a second docs instance, redirects, an API reference) are reported apart.
  const onlyU = [];
  const fromOtherPlugins = {};
  const originOf = new Map();
  for (const r of [...uRoutes.keys()].filter((x) => !dRoutes.has(x)).sort()) {
    const origin = docusaurusOrigin(uRoutes.get(r));
    originOf.set(r, origin);
    if (DOCGEN_ORIGINS.has(origin) || origin === 'unknown') onlyU.push(r);
    else (fromOtherPlugins[origin] ??= []).push(r);
  }
  const pages = [];
  let sideSame = 0;
  let sideTotal = 0;
  let sidePagesEqual = 0;
  let docPages = 0;
  for (const [route, file] of [...uRoutes].sort()) {
    const u = analyzePage(file, 'docusaurus', route, uBase);
    if (!u.hasArticle) continue; // doc pages only: Docusaurus renders their content in .theme-doc-markdown
    docPages++;
    const dFile = dRoutes.get(route);
    if (!dFile) {
      const origin = originOf.get(route);
      pages.push({ route, equivalent: false, diffs: [DOCGEN_ORIGINS.has(origin) ? 'missing in docgen' : `missing in docgen (made by ${origin}, which docgen does not run)`] });
      if (u.sidebar) sideTotal += u.sidebar.length;
      continue;
    }
    const d = analyzePage(dFile, 'docgen', route, dBase);
    const page = { route };
    if (u.sidebar) {
      const s = compareSidebar(u.sidebar, d.sidebar ?? []);
      sideSame += s.same;
      sideTotal += s.total;
      if (s.equal) sidePagesEqual++;
      page.sidebar = s.equal ? 'same' : { same: s.same, docusaurus: u.sidebar.length, docgen: (d.sidebar ?? []).length, firstDifference: firstDiff(u.sidebar, d.sidebar ?? []) };
    }
    if (!d.hasArticle) {
      Object.assign(page, { equivalent: false, diffs: ['no doc content in docgen page'] });
    } else {
      const c = compareContent(u.content, d.content);
      Object.assign(page, { equivalent: c.diffs.length === 0, diffs: c.diffs, overlap: Number(c.overlap.toFixed(3)), detail: c.detail });
    }
    pages.push(page);
  }
  const why = new Map();
  for (const p of pages) for (const d of p.diffs) why.set(d, (why.get(d) ?? 0) + 1);
  return {
    baseUrl: { docusaurus: uBase, docgen: dBase },
    routes: { docusaurus: uRoutes.size, docgen: dRoutes.size, onlyDocusaurus: onlyU, onlyDocgen: onlyD, fromOtherPlugins, otherLocales: otherLocaleRoutes.length },
    docPages,
    equivalent: pages.filter((p) => p.equivalent).length,
    sidebar: { same: sideSame, total: sideTotal, pagesEqual: sidePagesEqual },
    differences: [...why].sort((a, b) => b[1] - a[1]).map(([what, pagesCount]) => ({ what, pages: pagesCount })),
    pages,
  };
}

const otherPluginRoutes = (cmp) => Object.values(cmp.routes.fromOtherPlugins ?? {}).reduce((n, rs) => n + rs.length, 0);

function firstDiff(a, b) {
  for (let i = 0; i < Math.max(a.length, b.length); i++) if (a[i] !== b[i]) return { index: i, docusaurus: a[i] ?? null, docgen: b[i] ?? null };
  return null;
}

function buildCli(docgenBin) {
  const script = path.join(path.dirname(path.dirname(docgenBin)), 'scripts', 'build-cli.mjs');
  if (!existsSync(script)) return log(`  (no ${script}; using ${docgenBin} as it is)`);
  log(`building the docgen CLI (${path.relative(process.cwd(), script) || script})…`);
  const r = spawnSync(process.execPath, [script], { cwd: path.dirname(path.dirname(path.dirname(docgenBin))), encoding: 'utf8', timeout: 300_000, killSignal: 'SIGKILL' });
  if (r.status !== 0) throw new Error(`building the CLI failed:\n${r.stdout}${r.stderr}`);
}

function docgenCommit(docgenBin) {
  const r = spawnSync('git', ['rev-parse', '--short', 'HEAD'], { cwd: path.dirname(docgenBin), encoding: 'utf8', timeout: 10_000 });
  const b = spawnSync('git', ['rev-parse', '--abbrev-ref', 'HEAD'], { cwd: path.dirname(docgenBin), encoding: 'utf8', timeout: 10_000 });
  return r.status === 0 ? `${b.stdout.trim()} ${r.stdout.trim()}` : '?';
}

const pct = (a, b) => (b ? `${((100 * a) / b).toFixed(a === b ? 0 : 1)} %` : '–');

async function main() {
  let opts;
  try {
    opts = parseCompatArgs(process.argv.slice(2));
  } catch (e) {
    log(e.message);
    process.exit(2);
  }
  if (!existsSync(opts.docgen)) {
    log(`no docgen CLI at ${opts.docgen}`);
    process.exit(2);
  }
  if (opts.buildCli) buildCli(opts.docgen);

  let targets = opts.dirs.map((dir) => ({ dir, site: SITES.find((s) => path.resolve(DEFAULT_DEST, s.name) === dir) ?? null }));
  if (!targets.length) {
    for (const site of SITES) {
      try {
        targets.push({ dir: extract(site, { log }), site });
      } catch (e) {
        log(`  skipping ${site.name}: ${e.message}`);
      }
    }
  }
  targets = targets.filter((t) => {
    if (readConfigText(t.dir)) return true;
    log(`  skipping ${t.dir}: no docusaurus.config.{js,ts,mjs,cjs} there`);
    return false;
  });

  const rows = [];
  const causeSections = [];
  const resultsDir = path.join(BENCH, 'results');
  mkdirSync(resultsDir, { recursive: true });
  for (const { dir, site } of targets) {
    const name = site?.name ?? path.basename(dir);
    log(`${name} (${dir}):`);
    const files = siteFiles(dir);
    const config = readConfigText(dir);
    const sources = docSources(files, config);
    const key = `${DOCUSAURUS_RECIPE}:${contentKey(dir, files)}`;
    const locale = defaultLocale(config);
    // The work copy and its cached Docusaurus build are named by the site root's folder, however
    // the site was named on the command line: crowdsec's root is crowdsec/crowdsec-docs, and a
    // run with no site roots looked for 'crowdsec', found no cached build, and built nothing.
    const u = await docusaurusSide(opts, path.basename(dir), dir, key, locale);
    // docgen builds the same copy Docusaurus did (the site with its dependencies installed,
    // as a user's checkout is after npm install); its output goes outside the site.
    const siteForDocgen = existsSync(u.copy) ? u.copy : dir;
    const dOut = path.join(WORK, `${name}.docgen-out`);
    log(`  docgen: cold build (${path.relative(REPO, opts.docgen).startsWith('..') ? opts.docgen : path.relative(REPO, opts.docgen)})…`);
    const d = await docgenBuild(opts, siteForDocgen, dOut, locale);
    log(`  docgen: ${d.ok ? `built in ${fmtMs(d.wallMs)}` : `${d.stage}; ${d.problems.filesWithProblems.length} file(s) with problems`}`);
    // A failed docgen build compares as an empty output: every Docusaurus route and page is missing.
    let cmp = null;
    if (u.ok) {
      if (!d.ok) {
        rmSync(dOut, { recursive: true, force: true });
        mkdirSync(dOut, { recursive: true });
      }
      cmp = await compareBuilds(u.outDir, dOut, { otherLocales: otherLocalesOf(config, locale) });
    }
    // Errors in doc sources (docgen prints paths from the site root); errors elsewhere (a
    // swizzled component, a partial) are in the causes but do not count as a doc that failed.
    const failedFiles = sources.filter((f) => d.problems.filesWithProblems.some((e) => e === f || e.endsWith(`/${f}`))).length;
    const built = d.ok ? sources.length - failedFiles : 0;
    rows.push([
      name,
      cmp ? `${cmp.docPages} (${cmp.routes.docusaurus} routes)` : 'failed',
      d.ok ? 'yes' : `no (${d.stage})`,
      `${built}/${sources.length}${failedFiles ? `, ${failedFiles} with errors` : ''}${d.problems.filesWithProblems.length > failedFiles ? ` (+${d.problems.filesWithProblems.length - failedFiles} other files)` : ''}`,
      cmp ? `${cmp.routes.onlyDocusaurus.length}${otherPluginRoutes(cmp) ? ` (+${otherPluginRoutes(cmp)} by plugins docgen does not run)` : ''} / ${cmp.routes.onlyDocgen.length}` : '–',
      cmp ? (cmp.sidebar.total == null ? '0 % (no docgen pages)' : `${pct(cmp.sidebar.same, cmp.sidebar.total)} (${cmp.sidebar.pagesEqual}/${cmp.docPages} pages)`) : '–',
      cmp ? `${pct(cmp.equivalent, cmp.docPages)} (${cmp.equivalent})` : '–',
      u.ok ? `${fmtMs(u.wallMs)}${u.cached ? ' (cached)' : ''}` : 'failed',
      // CPU beside wall time: on a shared machine the wall time swings with the others' load.
      d.code === 0 ? `${fmtMs(d.wallMs)}${d.cpuMs != null ? ` (${fmtMs(d.cpuMs)} CPU)` : ''}` : `(${fmtMs(d.wallMs)} to fail)`,
      u.ok && d.ok ? `${(u.wallMs / d.wallMs).toFixed(1)}×` : '–',
    ]);
    const lines = [`### ${name}${site ? ` — ${site.repo}@${site.commit.slice(0, 10)}` : ''}`];
    if (!u.ok) lines.push(`Docusaurus did not build it${u.cached ? ' (a cached failure of the same content)' : ''}: \`${((u.error ?? '').split('\n').filter((l) => /ERROR|Error/.test(l)).slice(0, 3).join(' ') || (u.error ?? '').split('\n').slice(-2).join(' ')).slice(0, 400)}\``);
    if (!d.ok) {
      lines.push(`docgen: ${d.stage} (exit ${d.code ?? 'killed'}).`);
      if (d.problems.causes.length) {
        lines.push(mdTable(['error', 'files', 'occurrences', 'e.g.'], d.problems.causes.slice(0, 15).map((c) => [c.cause.replace(/\|/g, '\\|'), c.files, c.occurrences, c.examples.slice(0, 2).join(', ') || '–'])));
      } else {
        lines.push(`last lines: \`${d.output.replace(ANSI, '').trim().split('\n').slice(-3).join(' ⏎ ').slice(0, 400)}\``);
      }
    }
    if (d.problems.warnings.length) {
      lines.push(`docgen warnings, ${d.problems.filesWithWarnings} file(s):`, mdTable(['warning', 'files', 'occurrences', 'e.g.'], d.problems.warnings.slice(0, 10).map((c) => [c.cause.replace(/\|/g, '\\|'), c.files, c.occurrences, c.examples.slice(0, 2).join(', ') || '–'])));
    }
    if (cmp && d.ok) {
      lines.push(`Doc pages not equivalent, by what differs (a page can count in several): ${cmp.differences.map((x) => `${x.what} ${x.pages}`).join(', ') || 'none'}.`);
      if (cmp.routes.onlyDocusaurus.length) lines.push(`Routes only in Docusaurus (first 10): ${cmp.routes.onlyDocusaurus.slice(0, 10).map((r) => `\`${r}\``).join(', ')}.`);
      const plugins = Object.entries(cmp.routes.fromOtherPlugins).sort((a, b) => b[1].length - a[1].length);
      if (plugins.length) lines.push(`Routes only in Docusaurus made by plugins docgen does not run, by plugin (\`<plugin>/<id>\` from the page's \`<html>\` class; \`redirect\`: a client redirect page): ${plugins.map(([o, rs]) => `${o} ${rs.length} (e.g. \`${rs[0]}\`)`).join(', ')}.`);
      if (cmp.routes.otherLocales) lines.push(`Routes of the other locales, which docgen builds and Docusaurus was not asked to (left out of the comparison): ${cmp.routes.otherLocales}.`);
      if (cmp.routes.onlyDocgen.length) lines.push(`Routes only in docgen (first 10): ${cmp.routes.onlyDocgen.slice(0, 10).map((r) => `\`${r}\``).join(', ')}.`);
    }
    causeSections.push(lines.join('\n\n'));
    writeFileSync(path.join(resultsDir, `compat-${name}.json`), JSON.stringify({
      site: site ?? { name, dir }, dir, docSourceFiles: sources.length, locale,
      docusaurus: { ok: u.ok, wallMs: u.wallMs, peakTreeKiB: u.peakTreeKiB, cached: !!u.cached, install: u.install, error: u.error ?? null, outDir: u.outDir ?? null },
      docgen: { cli: opts.docgen, commit: docgenCommit(opts.docgen), ok: d.ok, code: d.code, stage: d.stage, wallMs: d.wallMs, cpuMs: d.cpuMs, peakTreeKiB: d.peakTreeKiB, problems: d.problems, outputTail: d.output.replace(ANSI, '').trim().split('\n').slice(-60) },
      comparison: cmp,
    }, null, 2));
  }

  console.log(mdTable(['site', 'doc pages (Docusaurus)', 'docgen builds?', 'doc files built / source', 'routes only Docusaurus / only docgen', 'sidebar items in place', 'doc pages equivalent', 'Docusaurus (cold)', 'docgen (cold)', 'docgen faster by'], rows));
  console.log(`\ndocgen: \`${opts.docgen}\` (${docgenCommit(opts.docgen)}). Equivalent = same heading ids (h2–h6, in order), same counts of code blocks, admonitions, tables, images and tab sets, the same set of link targets (baseUrl cut, trailing slash and index.html ignored), and word-set overlap ≥ ${TEXT_THRESHOLD}. Sidebar: the entries (nesting depth, label, target) each doc page's rendered sidebar shows, compared position by position. Routes: every HTML page of both outputs except 404 and search; Docusaurus's routes made by plugins docgen does not run are counted apart, and docgen's routes of the locales Docusaurus did not build are left out. Doc files: .md/.mdx under docs/, versioned_docs/ and other \`path:\` folders of the config; "built" counts those without an error line, and is 0 when docgen's build fails. Details per page: bench/results/compat-<site>.json.\n`);
  console.log('## docgen failures and differences by cause, per site\n');
  console.log(causeSections.join('\n\n'));
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  await main();
  process.exit(0);
}
