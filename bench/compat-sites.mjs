#!/usr/bin/env node
// Extracts the compatibility bench's public Docusaurus sites (bench/compat-sites.json) from
// fetched git mirrors into a folder OUTSIDE the repository: their text is not ours, so it is
// never committed. Each site is the repository's tree at the pinned commit.
//
//   node bench/compat-sites.mjs [--mirrors /work/.mirror] [--dest /work/compat-sites] [name…]
// A mirror is a bare git directory at <mirrors>/<owner>+<name>/repo (what the search tool's
// fetch of github:<owner>/<name> leaves), or any clone given as <mirrors>/<owner>+<name>.
// Prints the folders it extracted (one per line) on stdout.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, renameSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const BENCH = path.dirname(fileURLToPath(import.meta.url));
export const SITES = JSON.parse(readFileSync(path.join(BENCH, 'compat-sites.json'), 'utf8'));
export const DEFAULT_DEST = process.env.DOCGEN_COMPAT_SITES ?? '/work/compat-sites';
export const DEFAULT_MIRRORS = process.env.DOCGEN_COMPAT_MIRRORS ?? '/work/.mirror';

/** The folder a site of the list is (or would be) extracted to. */
export const siteDir = (site, dest = DEFAULT_DEST) => path.join(dest, site.name, site.dir === '.' ? '' : site.dir);

function gitDirFor(mirrors, repo) {
  const base = path.join(mirrors, repo.replace('/', '+'));
  for (const d of [path.join(base, 'repo'), path.join(base, '.git'), base]) {
    if (existsSync(path.join(d, 'HEAD'))) return d;
  }
  return null;
}

export function extract(site, { mirrors = DEFAULT_MIRRORS, dest = DEFAULT_DEST, log = () => {} } = {}) {
  const target = path.join(dest, site.name);
  const stamp = path.join(target, '.compat-commit');
  if (existsSync(stamp) && readFileSync(stamp, 'utf8').trim() === site.commit) return siteDir(site, dest);
  const gitDir = gitDirFor(mirrors, site.repo);
  if (!gitDir) throw new Error(`${site.name}: no mirror of ${site.repo} under ${mirrors} (fetch github:${site.repo} first)`);
  const has = spawnSync('git', ['--git-dir', gitDir, 'cat-file', '-e', `${site.commit}^{commit}`]);
  if (has.status !== 0) throw new Error(`${site.name}: commit ${site.commit} is not in ${gitDir}`);
  const tmp = `${target}.tmp-${process.pid}`;
  rmSync(tmp, { recursive: true, force: true });
  mkdirSync(tmp, { recursive: true });
  const missing = writeTree(gitDir, site.commit, tmp);
  if (missing.length) {
    // A mirror may lack its largest blobs (images, mostly): they become empty files, so the
    // paths still resolve, and the list is kept beside the site.
    writeFileSync(path.join(tmp, '.compat-missing'), `${missing.join('\n')}\n`);
    log(`${site.name}: ${missing.length} file(s) absent from the mirror, written empty (listed in .compat-missing)`);
  }
  writeFileSync(path.join(tmp, '.compat-commit'), `${site.commit}\n`);
  rmSync(target, { recursive: true, force: true });
  renameSync(tmp, target);
  log(`extracted ${site.repo}@${site.commit.slice(0, 10)} into ${target}`);
  return siteDir(site, dest);
}

/** Writes the tree of `commit` into `dest` through one `git cat-file --batch`; returns the paths whose blob is missing. */
function writeTree(gitDir, commit, dest) {
  const ls = spawnSync('git', ['--git-dir', gitDir, 'ls-tree', '-r', '-z', '--full-tree', commit], { maxBuffer: 2 ** 30 });
  if (ls.status !== 0) throw new Error(`git ls-tree failed: ${ls.stderr}`);
  const entries = ls.stdout.toString('utf8').split('\0').filter(Boolean).map((line) => {
    const [meta, file] = line.split('\t');
    const [mode, type, oid] = meta.split(' ');
    return { mode, type, oid, file };
  }).filter((e) => e.type === 'blob');
  const cat = spawnSync('git', ['--git-dir', gitDir, 'cat-file', '--batch'], { input: entries.map((e) => e.oid).join('\n') + '\n', maxBuffer: 2 ** 31 });
  const out = cat.stdout;
  const missing = [];
  let pos = 0;
  for (const e of entries) {
    const nl = out.indexOf(10, pos);
    const header = out.subarray(pos, nl).toString('utf8');
    pos = nl + 1;
    const target = path.join(dest, e.file);
    mkdirSync(path.dirname(target), { recursive: true });
    if (header.endsWith(' missing')) {
      missing.push(e.file);
      writeFileSync(target, '');
      continue;
    }
    const size = Number(header.split(' ')[2]);
    const body = out.subarray(pos, pos + size);
    pos += size + 1;
    if (e.mode === '120000') {
      try { symlinkSync(body.toString('utf8'), target); } catch { /* exists */ }
    } else {
      writeFileSync(target, body, { mode: e.mode === '100755' ? 0o755 : 0o644 });
    }
  }
  return missing;
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const args = process.argv.slice(2);
  let mirrors = DEFAULT_MIRRORS;
  let dest = DEFAULT_DEST;
  const names = [];
  for (let i = 0; i < args.length; i++) {
    if (args[i] === '--mirrors') mirrors = args[++i];
    else if (args[i] === '--dest') dest = args[++i];
    else names.push(args[i]);
  }
  let failed = 0;
  for (const site of SITES.filter((s) => !names.length || names.includes(s.name))) {
    try {
      console.log(extract(site, { mirrors, dest, log: (m) => process.stderr.write(`${m}\n`) }));
    } catch (e) {
      failed++;
      process.stderr.write(`${e.message}\n`);
    }
  }
  process.exit(failed ? 1 : 0);
}
