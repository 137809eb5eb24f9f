import { existsSync, readdirSync, utimesSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { copyFixture, docgen, read, write } from '../helpers.js';
import { expectSameOutput } from './output-snapshot.js';

// Every index goes to the worker, however small the site (see search-stage.ts).
const onWorker = { DOCGEN_SEARCH_WORKER_MIN_PAGES: '1' };
const searchLine = (stdout: string) => /✔ search index.*/.exec(stdout)?.[0] ?? '';

describe('search indexes built on a worker thread beside the render', () => {
  it('an edit rebuild indexes on the worker and ends byte for byte like a fresh build', () => {
    const site = copyFixture('multi');
    expect(docgen(['build', site, '--out-dir', 'out'], { env: onWorker }).code).toBe(0);
    const docs = path.join(site, 'content/docs');
    const file = readdirSync(docs, { recursive: true }).map(String).find((f) => /\.mdx?$/.test(f))!;
    write(docs, file, `${read(docs, file)}\n\nUm parágrafo com a palavra quimera.\n`);
    const edited = docgen(['build', site, '--out-dir', 'out'], { env: onWorker });
    expect(edited.code).toBe(0);
    expect(searchLine(edited.stdout)).toContain('built beside the render');
    const assets = path.join(site, 'out', 'assets');
    expect(readdirSync(assets).some((f) => f.startsWith('search-') && read(assets, f).includes('quimera'))).toBe(true);
    expect(docgen(['build', site, '--out-dir', 'fresh', '--no-cache']).code).toBe(0);
    expectSameOutput(path.join(site, 'fresh'), path.join(site, 'out'));

    // The worker's files are in the output record: nothing changed, nothing is built or written again.
    const again = docgen(['build', site, '--out-dir', 'out'], { env: onWorker });
    expect(again.code).toBe(0);
    expect(searchLine(again.stdout)).not.toContain('beside');
    expectSameOutput(path.join(site, 'fresh'), path.join(site, 'out'));

    // A doc saved unchanged: the worker starts with the build (a doc changed, by its mtime), finds
    // nothing to index and stops; the build ends as before.
    const now = new Date();
    utimesSync(path.join(docs, file), now, now);
    const touched = docgen(['build', site, '--out-dir', 'out'], { env: onWorker });
    expect(touched.code).toBe(0);
    expect(searchLine(touched.stdout)).not.toContain('beside');
    expectSameOutput(path.join(site, 'fresh'), path.join(site, 'out'));
  });

  it('writes the search caches an edit rebuild needs next, after its worker replied', () => {
    const site = copyFixture('basic');
    expect(docgen(['build', site, '--out-dir', 'out'], { env: onWorker }).code).toBe(0);
    write(site, 'content/docs/intro.md', `${read(site, 'content/docs/intro.md')}\n\nMais um parágrafo.\n`);
    expect(docgen(['build', site, '--out-dir', 'out'], { env: onWorker }).code).toBe(0);
    // The edit's analyses and assets are on disk, whole, beside the record of the files written.
    const dir = path.join(site, '.docgen/cache/search');
    const cache = readdirSync(dir);
    expect(cache.filter((f) => f.startsWith('analyses-'))).toHaveLength(1);
    const records = cache.filter((f) => f.endsWith('.written.json'));
    expect(records).toHaveLength(1);
    const assets = JSON.parse(read(dir, records[0].replace('.written', ''))) as { index: string; files: unknown[] };
    expect(assets.files.length).toBeGreaterThan(0);
    // Another output folder (no record of it) takes the index from them, the same bytes.
    const other = docgen(['build', site, '--out-dir', 'other'], { env: onWorker });
    expect(other.code).toBe(0);
    expectSameOutput(path.join(site, 'out'), path.join(site, 'other'));
  });

  it('a build that fails while the worker indexes reports its own error and leaves the output as it was', () => {
    const site = copyFixture('basic');
    expect(docgen(['build', site, '--out-dir', 'out'], { env: onWorker }).code).toBe(0);
    const before = read(path.join(site, 'out'), 'docs/intro/index.html');
    // A new page (so the index is built again) whose render throws, while the worker indexes.
    write(site, 'content/docs/quebra.mdx', "---\ntitle: Quebra\n---\n\nexport const Quebra = () => {\n  throw new Error('quebra no render');\n};\n\n<Quebra />\n");
    const failed = docgen(['build', site, '--out-dir', 'out'], { env: onWorker });
    expect(failed.code).not.toBe(0);
    expect(failed.output).toMatch(/quebra no render/);
    expect(failed.output).not.toMatch(/unhandled|search worker/i);
    expect(read(path.join(site, 'out'), 'docs/intro/index.html')).toBe(before);
    // No staging folder is left beside the output (the worker writes into it).
    expect(readdirSync(site).filter((f) => f.startsWith('out.'))).toEqual([]);
    expect(existsSync(path.join(site, 'out', 'docs', 'quebra'))).toBe(false);
  });
});
