// Checks the fast parse against micromark on real sites' docs (not in the repository, so not
// part of `npm test`): every page the fast parse gives a tree for, read fast whole or with
// slices left to micromark, must give exactly micromark's tree, positions and MDX syntax
// trees included; a page micromark rejects must be left to it.
//   npx vite-node cli/scripts/fast-parse-check.ts [--time] [folder…]   (default: /work/compat-sites)
// --time: the CPU time of parsing every doc once, five rounds alternated: micromark alone, the
// fast parse of whole pages else micromark (before slices), the fast parse with slices.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { isDeepStrictEqual } from 'node:util';
import { createProcessor } from '@mdx-js/mdx';
import remarkDirective from 'remark-directive';
import remarkGfm from 'remark-gfm';
import { fastParse } from '../src/content/fast-parse/index.js';
import { preprocessMarkdown } from '../src/content/plugins/preprocess.js';

const SKIP = new Set(['node_modules', '.git', 'build', '.docgen', '.docusaurus', '.cache']);
const micromark = createProcessor({ remarkPlugins: [remarkGfm, remarkDirective] });
const plain = (tree: unknown) => JSON.parse(JSON.stringify(tree));

function docs(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = path.join(dir, e.name);
    if (e.isDirectory()) return SKIP.has(e.name) ? [] : docs(p);
    return e.isFile() && /\.mdx?$/.test(e.name) ? [p] : [];
  });
}

/** The body as the compile parses it: front matter blanked out (lines kept), then preprocessed. */
const bodyOf = (file: string) => preprocessMarkdown(readFileSync(file, 'utf8').replace(/^---\n[\s\S]*?\n---\n/, (m) => m.replace(/[^\n]/g, '')), 'mdx').body;

/** The first path where two trees differ, to show a mismatch. */
function firstDifference(a: unknown, b: unknown, at = ''): string {
  if (a && b && typeof a === 'object' && typeof b === 'object') {
    for (const key of new Set([...Object.keys(a), ...Object.keys(b)])) {
      const x = (a as Record<string, unknown>)[key];
      const y = (b as Record<string, unknown>)[key];
      if (!isDeepStrictEqual(x, y)) return firstDifference(x, y, `${at}.${key}`);
    }
  }
  return `${at}: ${JSON.stringify(a)?.slice(0, 120)} ≠ ${JSON.stringify(b)?.slice(0, 120)}`;
}

const args = process.argv.slice(2).filter((a) => a !== '--time');
const roots = args.length ? args : ['/work/compat-sites'];
if (process.argv.includes('--time')) time(roots.flatMap(docs).map(bodyOf));
const totals = { files: 0, bytes: 0, micromarkErrors: 0, whole: 0, wholeBytes: 0, sliced: 0, fastBytes: 0, mismatches: 0 };
for (const root of roots) {
  const site = { files: 0, whole: 0, sliced: 0, bytes: 0, fastBytes: 0 };
  for (const file of docs(root)) {
    const body = bodyOf(file);
    site.files++;
    site.bytes += body.length;
    let reference: unknown = null;
    try {
      reference = plain(micromark.parse(body));
    } catch {
      totals.micromarkErrors++;
    }
    if (fastParse(body)) {
      site.whole++;
      site.fastBytes += body.length;
      totals.wholeBytes += body.length;
    }
    let sliceBytes = 0;
    const tree = fastParse(body, (slice) => ((sliceBytes += slice.length), micromark.parse(slice)));
    if (!tree) continue;
    if (sliceBytes) site.sliced++, (site.fastBytes += body.length - sliceBytes);
    const got = plain(tree);
    if (reference && isDeepStrictEqual(got, reference)) continue;
    totals.mismatches++;
    console.log(`MISMATCH ${file}\n  ${reference ? firstDifference(got, reference) : 'micromark rejects this page'}`);
  }
  console.log(`${root}: ${site.files} files, read fast whole ${site.whole}, with slices ${site.sliced}; ${((100 * site.fastBytes) / Math.max(1, site.bytes)).toFixed(1)} % of bytes read fast`);
  for (const k of ['files', 'bytes', 'fastBytes'] as const) totals[k] += site[k];
  totals.whole += site.whole;
  totals.sliced += site.sliced;
}
console.log(`all: ${totals.files} files (${totals.micromarkErrors} rejected by micromark), read fast whole ${totals.whole} (${((100 * totals.wholeBytes) / totals.bytes).toFixed(1)} % of bytes), with slices ${totals.sliced}; ${((100 * totals.fastBytes) / totals.bytes).toFixed(1)} % of bytes read fast; ${totals.mismatches} mismatches`);
process.exit(totals.mismatches ? 1 : 0);

function time(bodies: string[]): void {
  const parse = (body: string) => {
    try {
      return micromark.parse(body);
    } catch {
      return null;
    }
  };
  const ways: Record<string, () => void> = {
    micromark: () => bodies.forEach(parse),
    'fast whole pages, else micromark': () => bodies.forEach((body) => fastParse(body) || parse(body)),
    'fast with slices': () => bodies.forEach((body) => fastParse(body, (slice) => micromark.parse(slice)) || parse(body)),
  };
  const times = new Map(Object.keys(ways).map((k) => [k, [] as number[]]));
  for (let round = 0; round < 5; round++) {
    for (const [name, run] of Object.entries(ways)) {
      const start = process.cpuUsage();
      run();
      const used = process.cpuUsage(start);
      times.get(name)!.push((used.user + used.system) / 1000);
    }
  }
  for (const [name, ms] of times) console.log(`${name}: median ${[...ms].sort((a, b) => a - b)[2].toFixed(0)} ms of CPU (${ms.map((t) => t.toFixed(0)).join(', ')})`);
}
