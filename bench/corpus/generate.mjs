// Generates (or reuses) the benchmark corpus bench/.corpus/<N>/: a complete docgen site.
// Reuse is keyed on a hash of the generator's own source files, N and the seed, stored in
// .corpus-key: change any generator file and the next run regenerates; otherwise the same
// folder (same mtimes) is reused, so consecutive bench runs time the engine, not the generator.
//
// CLI: node bench/corpus/generate.mjs <N> [--seed S] [--force]   → prints the folder
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, readdirSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { planCorpus } from './plan.mjs';
import { categoryFile, renderPage } from './page.mjs';
import { CATEGORY_IMAGES, STATIC_IMAGES } from './assets.mjs';
import { homePage, markdownPage, siteConfig } from './site.mjs';

const HERE = path.dirname(fileURLToPath(import.meta.url));
export const CORPUS_ROOT = path.resolve(HERE, '..', '.corpus');
export const DEFAULT_SEED = 20240521;

/** Hash of everything that decides the output: the generator's files, N and the seed. */
function corpusKey(total, seed) {
  const h = createHash('sha256').update(`${total}:${seed}\n`);
  for (const f of readdirSync(HERE).filter((f) => f.endsWith('.mjs')).sort()) h.update(f).update(readFileSync(path.join(HERE, f)));
  return h.digest('hex').slice(0, 16);
}

function write(root, rel, data) {
  const file = path.join(root, rel);
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, data);
}

/** Writes the whole site into `root` (an empty folder). Returns counts for the caller's log. */
export function writeCorpus(root, total, seed = DEFAULT_SEED) {
  const { pages, categories } = planCorpus(total, seed);
  const ctx = {
    seed, pages, categories,
    byTop: Map.groupBy ? Map.groupBy(pages, (p) => p.topDir) : groupBy(pages, (p) => p.topDir),
    categoryOf: new Map(categories.map((c) => [c.dir, c])),
  };
  const docs = path.join(root, 'content', 'docs');
  for (const page of pages) write(docs, page.file, renderPage(page, ctx));
  for (const cat of categories) write(docs, path.join(cat.dir, '_category_.json'), categoryFile(cat));
  categories.filter((c) => c.depth === 1).forEach((c, i) => {
    for (const img of CATEGORY_IMAGES) write(docs, path.join(c.dir, 'img', img.name), img.make(i));
  });
  for (const img of STATIC_IMAGES) write(root, path.join('content', 'static', 'img', img.name), img.make());
  write(root, 'content/pages/index.tsx', homePage());
  write(root, 'content/pages/markdown-page.md', markdownPage());
  write(root, 'site.config.ts', siteConfig(total));
  return { pages: pages.length, categories: categories.length };
}

function groupBy(list, keyOf) {
  const m = new Map();
  for (const x of list) (m.get(keyOf(x)) ?? m.set(keyOf(x), []).get(keyOf(x))).push(x);
  return m;
}

/**
 * The corpus folder for N pages, generated if missing or stale. Generation goes to a sibling
 * temp folder renamed into place, so an interrupted run never leaves a half corpus behind
 * that a later run would trust.
 */
export function ensureCorpus(total, { seed = DEFAULT_SEED, force = false, log = () => {} } = {}) {
  const dir = path.join(CORPUS_ROOT, String(total));
  const key = corpusKey(total, seed);
  const keyFile = path.join(dir, '.corpus-key');
  if (!force && existsSync(keyFile) && readFileSync(keyFile, 'utf8').trim() === key) {
    return { dir, generated: false };
  }
  const tmp = `${dir}.tmp-${process.pid}`;
  rmSync(tmp, { recursive: true, force: true });
  const start = performance.now();
  const counts = writeCorpus(tmp, total, seed);
  writeFileSync(path.join(tmp, '.corpus-key'), `${key}\n`);
  rmSync(dir, { recursive: true, force: true });
  renameSync(tmp, dir);
  log(`generated corpus N=${total}: ${counts.pages} pages in ${counts.categories} categories (${Math.round(performance.now() - start)} ms) → ${path.relative(process.cwd(), dir)}`);
  return { dir, generated: true };
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const args = process.argv.slice(2);
  const total = Number(args.find((a) => /^\d+$/.test(a)) ?? 35);
  const seedAt = args.indexOf('--seed');
  const seed = seedAt >= 0 ? Number(args[seedAt + 1]) : DEFAULT_SEED;
  const { dir } = ensureCorpus(total, { seed, force: args.includes('--force'), log: (m) => console.error(m) });
  console.log(dir);
}
