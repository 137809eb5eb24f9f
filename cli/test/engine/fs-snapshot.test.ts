import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { FsSnapshot, walkSnapshot, type FsView } from '../../src/content/fs-snapshot.js';
import { DOC_EXTENSIONS } from '../../src/content/load-docs.js';
import { PAGE_EXTENSIONS } from '../../src/content/load-pages.js';
import { scanFiles } from '../../src/content/scan.js';
import { loadConfig, validateConfig } from '../../src/config/load-config.js';
import { buildRoutes, type RouteTable } from '../../src/routes/build-routes.js';
import { SNAPSHOT_EXTENSIONS } from '../../src/dev/prescan.js';
import { copyFixture, write } from '../helpers.js';

/**
 * `docgen dev` walks the content folders on a worker as it starts (dev/prescan.ts) and its
 * first route table reads that snapshot instead of the disk: it must say what the disk says,
 * and whatever it did not see must be left to the disk.
 */
const tmp = mkdtempSync(path.join(tmpdir(), 'docgen-fs-snapshot-'));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

const snapshotOf = (roots: string[]) => new FsSnapshot(structuredClone(walkSnapshot(roots, SNAPSHOT_EXTENSIONS)));

describe('the folder snapshot', () => {
  const docs = path.join(tmp, 'site', 'docs');
  write(docs, 'b.md', '# b\n');
  write(docs, 'a.mdx', '# a\n');
  write(docs, 'Z.md', '# Z\n');
  write(docs, '01-pasta/_category_.json', '{}');
  write(docs, '01-pasta/c.md', '# c\n');
  write(docs, '01-pasta/img.png', 'png');
  write(docs, '_partials/p.mdx', 'partial');
  write(docs, '.hidden/h.md', 'hidden');
  write(docs, 'node_modules/m/readme.md', 'module');
  symlinkSync(path.join(docs, 'nowhere.md'), path.join(docs, 'broken.md'));
  const view = snapshotOf([docs, path.join(tmp, 'site', 'missing')]);

  it('lists a folder sorted as scanFiles sorts it, and scanFiles reads the same files through it', () => {
    expect(view.list(docs)!.map((e) => e.name)).toEqual(['.hidden', '01-pasta', 'Z.md', '_partials', 'a.mdx', 'b.md', 'broken.md', 'node_modules']);
    expect(scanFiles(docs, DOC_EXTENSIONS, view)).toEqual(scanFiles(docs, DOC_EXTENSIONS));
    expect(scanFiles(docs, DOC_EXTENSIONS).map((f) => f.relativePath)).toEqual(['01-pasta/c.md', 'Z.md', 'a.mdx', 'b.md', 'broken.md']);
  });

  it('gives the size and mtime of markdown and category files as stat does', () => {
    for (const file of ['a.mdx', '01-pasta/c.md', '01-pasta/_category_.json']) {
      const st = statSync(path.join(docs, file));
      expect(view.stat(path.join(docs, file))).toMatchObject({ size: st.size, mtimeMs: st.mtimeMs });
    }
  });

  it('says a file is missing only where it walked, and leaves the rest to the disk', () => {
    expect(view.stat(path.join(docs, 'nada.md'))).toBeNull();
    expect(view.stat(path.join(docs, 'broken.md'))).toBeNull(); // a link to nothing: stat fails
    expect(view.list(path.join(tmp, 'site', 'missing'))).toBeNull();
    expect(view.stat(path.join(docs, '01-pasta/img.png'))).toBeUndefined(); // a kind of file it does not stat
    expect(view.stat(path.join(docs, '01-pasta'))).toBeUndefined(); // a folder
    expect(view.list(path.join(docs, '_partials'))).toBeUndefined(); // never entered, as scanFiles
    expect(view.stat(path.join(docs, '_partials/p.mdx'))).toBeUndefined();
    expect(view.list(path.join(tmp, 'elsewhere'))).toBeUndefined();
  });

  it('stats the file kinds scanFiles is asked for', () => {
    expect([...SNAPSHOT_EXTENSIONS].sort()).toEqual([...new Set([...DOC_EXTENSIONS, ...PAGE_EXTENSIONS])].sort());
  });
});

/** Counts what the snapshot answered, so the comparison below cannot pass by reading the disk. */
function counting(inner: FsSnapshot) {
  const counts = { lists: 0, stats: 0 };
  const view: FsView = {
    scanned: inner.scanned,
    list: (dir) => {
      const r = inner.list(dir);
      if (r !== undefined) counts.lists++;
      return r;
    },
    stat: (file) => {
      const r = inner.stat(file);
      if (r !== undefined) counts.stats++;
      return r;
    },
  };
  return { view, counts };
}

/** What a route table holds, as data (the doc sources hold getters and caches). */
const tableData = (t: RouteTable) => JSON.stringify({ routes: t.routes.map(({ source: _s, ...r }) => r), redirects: t.redirects, sidebars: [...t.sidebars], problems: t.problems.map(String), warnings: t.warnings });

describe('a route table built from the snapshot', () => {
  const routesFixtures = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', 'routes', 'fixtures');
  const sites = [
    ...readdirSync(routesFixtures).map((name) => ({ name, dir: path.join(routesFixtures, name), config: async (dir: string) => validateConfig(JSON.parse(readFileSync(path.join(dir, 'config.json'), 'utf8'))) })),
    ...['basic', 'docs-only', 'docusaurus-instance-versions'].map((name) => ({ name, dir: copyFixture(name), config: (dir: string) => loadConfig(dir) })),
  ];
  afterAll(() => sites.filter((s) => s.dir.startsWith(tmpdir())).forEach((s) => rmSync(s.dir, { recursive: true, force: true })));
  it.each(sites)('is the table the disk gives: $name', async ({ dir, config: load }) => {
    const config = await load(dir);
    // The first start walks the disk and records where it went: the next start's snapshot walks that.
    const first = new FsSnapshot();
    const fromDisk = buildRoutes(config, dir, { view: first });
    expect(first.scanned.size).toBeGreaterThan(0);
    const { view, counts } = counting(snapshotOf([...first.scanned]));
    const fromSnapshot = buildRoutes(config, dir, { view });
    expect(counts.lists).toBeGreaterThan(0);
    expect(tableData(fromSnapshot)).toBe(tableData(fromDisk));
    expect(tableData(fromDisk)).toBe(tableData(buildRoutes(config, dir)));
  });
});
