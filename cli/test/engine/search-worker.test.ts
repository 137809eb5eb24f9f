import { existsSync, readdirSync } from 'node:fs';
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
