import { mkdirSync, mkdtempSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DirWatcher } from '../../src/dev/dir-watcher.js';
import { flushScheduler, type FileChange } from '../../src/dev/watcher.js';

const WAIT_MS = 5_000;

/**
 * The watcher's changes, flushed as it asks, as watchSite does: at once, then settled after
 * `settleMs` while a change may be half done. Each flush that told something is a batch.
 */
function collector(ignored: (f: string) => boolean = (f) => path.basename(f).startsWith('.'), settleMs = 50) {
  const seen: FileChange[] = [];
  const batches: FileChange[][] = [];
  const flushes = flushScheduler((settled) => watcher.flush(settled), (changes) => {
    if (changes.length) batches.push(changes);
    seen.push(...changes);
  }, settleMs);
  const watcher = new DirWatcher(ignored, flushes.dirty);
  const waitFor = async (what: string, until: () => boolean) => {
    const deadline = Date.now() + WAIT_MS;
    while (!until()) {
      if (Date.now() > deadline) throw new Error(`no ${what} within ${WAIT_MS} ms; saw ${JSON.stringify(seen)}`);
      await new Promise((r) => setTimeout(r, 10));
    }
  };
  return { watcher: { addTree: (d: string) => watcher.addTree(d), addTreeGradually: (d: string, sliceMs?: number) => watcher.addTreeGradually(d, sliceMs), addPath: (p: string) => watcher.addPath(p), close: () => (flushes.close(), watcher.close()) }, seen, batches, waitFor, has: (event: string, file: string) => seen.some((c) => c.event === event && c.file === file) };
}

describe('DirWatcher (one watch per folder)', () => {
  let dir: string;
  let w: ReturnType<typeof collector>;
  beforeEach(() => {
    dir = mkdtempSync(path.join(tmpdir(), 'docgen-dir-watcher-'));
    mkdirSync(path.join(dir, 'docs', 'a'), { recursive: true });
    writeFileSync(path.join(dir, 'docs', 'a', 'page.mdx'), '# A\n');
    w = collector();
  });
  afterEach(() => {
    w.watcher.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('reports a save, a new file and a deleted file below the folder, and nothing at start', async () => {
    w.watcher.addTree(path.join(dir, 'docs'));
    const page = path.join(dir, 'docs', 'a', 'page.mdx');
    writeFileSync(page, '# A changed\n');
    await w.waitFor('change', () => w.has('change', page));
    expect(w.seen.filter((c) => c.event !== 'change')).toEqual([]);
    const added = path.join(dir, 'docs', 'a', 'new.md');
    writeFileSync(added, '# New\n');
    await w.waitFor('add', () => w.has('add', added));
    rmSync(added);
    await w.waitFor('unlink', () => w.has('unlink', added));
  });

  it('watches a tree gradually at start, letting waiting work run between folders, and then sees a change in any of them', async () => {
    for (let i = 0; i < 20; i++) {
      mkdirSync(path.join(dir, 'docs', `p${i}`, 'sub'), { recursive: true });
      writeFileSync(path.join(dir, 'docs', `p${i}`, 'sub', 'page.md'), '# P\n');
    }
    let ranDuring = false;
    let done = false;
    setImmediate(() => (ranDuring = !done));
    // A slice of 0 ms: the thread is handed back after every folder.
    await w.watcher.addTreeGradually(path.join(dir, 'docs'), 0).then(() => (done = true));
    expect(ranDuring).toBe(true);
    const deep = path.join(dir, 'docs', 'p19', 'sub', 'page.md');
    writeFileSync(deep, '# P changed\n');
    await w.waitFor('change', () => w.has('change', deep));
    const first = path.join(dir, 'docs', 'a', 'page.mdx');
    writeFileSync(first, '# A changed\n');
    await w.waitFor('change', () => w.has('change', first));
    expect(w.seen.filter((c) => c.event !== 'change')).toEqual([]);
  });

  it('tells an atomic save (write elsewhere, rename over) as a change, not unlink + add', async () => {
    w.watcher.addTree(path.join(dir, 'docs'));
    const page = path.join(dir, 'docs', 'a', 'page.mdx');
    writeFileSync(path.join(dir, 'docs', 'a', '.page.mdx.tmp'), '# A, atomically\n');
    renameSync(path.join(dir, 'docs', 'a', '.page.mdx.tmp'), page);
    await w.waitFor('change', () => w.has('change', page));
    expect(w.seen.some((c) => c.file === page && c.event !== 'change')).toBe(false);
    expect(w.seen.some((c) => c.file.includes('.tmp'))).toBe(false);
  });

  it('watches a new folder whole (its files are added) and reports a removed folder with its files', async () => {
    w.watcher.addTree(path.join(dir, 'docs'));
    const moved = path.join(dir, 'b');
    mkdirSync(path.join(moved, 'c'), { recursive: true });
    writeFileSync(path.join(moved, 'c', 'x.md'), '# X\n');
    renameSync(moved, path.join(dir, 'docs', 'b'));
    const x = path.join(dir, 'docs', 'b', 'c', 'x.md');
    await w.waitFor('the moved-in folder', () => w.has('addDir', path.join(dir, 'docs', 'b')) && w.has('add', x));
    writeFileSync(x, '# X changed\n');
    await w.waitFor('a change inside the new folder', () => w.has('change', x));
    rmSync(path.join(dir, 'docs', 'a'), { recursive: true });
    await w.waitFor('the removed folder', () => w.has('unlinkDir', path.join(dir, 'docs', 'a')) && w.has('unlink', path.join(dir, 'docs', 'a', 'page.mdx')));
  });

  it('watches a path that does not exist yet, and only that name in its folder', async () => {
    const config = path.join(dir, 'site.config.ts');
    const src = path.join(dir, 'src');
    w.watcher.addPath(config);
    w.watcher.addPath(src);
    writeFileSync(path.join(dir, 'other.txt'), 'not watched');
    writeFileSync(config, 'export default {};\n');
    await w.waitFor('the new config file', () => w.has('add', config));
    mkdirSync(src);
    await w.waitFor('the new src folder', () => w.has('addDir', src));
    writeFileSync(path.join(src, 'Note.tsx'), 'export default 1;\n');
    await w.waitFor('a file in it', () => w.has('add', path.join(src, 'Note.tsx')));
    expect(w.seen.some((c) => c.file.endsWith('other.txt'))).toBe(false);
  });

  it('tells a plain save at once, without waiting to settle', async () => {
    w.watcher.close();
    // A settle wait longer than the test's own: a save told at all was told without it.
    w = collector(undefined, 60_000);
    w.watcher.addTree(path.join(dir, 'docs'));
    const page = path.join(dir, 'docs', 'a', 'page.mdx');
    writeFileSync(page, '# A changed\n');
    await w.waitFor('change', () => w.has('change', page));
  });

  it('waits for a file deleted and written again (an editor that renames, then writes) and tells one change', async () => {
    w.watcher.addTree(path.join(dir, 'docs'));
    const page = path.join(dir, 'docs', 'a', 'page.mdx');
    renameSync(page, path.join(dir, 'docs', 'a', 'page.mdx~'));
    await new Promise((r) => setTimeout(r, 15));
    writeFileSync(page, '# A, written again\n');
    await w.waitFor('change', () => w.has('change', page));
    expect(w.seen.filter((c) => c.file === page).map((c) => c.event)).toEqual(['change']);
  });

  it('waits for a truncated file to be written', async () => {
    w.watcher.addTree(path.join(dir, 'docs'));
    const page = path.join(dir, 'docs', 'a', 'page.mdx');
    writeFileSync(page, '');
    await new Promise((r) => setTimeout(r, 15));
    expect(w.seen).toEqual([]);
    writeFileSync(page, '# A, written\n');
    await w.waitFor('change', () => w.has('change', page));
    expect(w.batches).toEqual([[{ event: 'change', file: page }]]);
  });

  it('tells a move as one batch (unlink and add), and a deletion once it has settled', async () => {
    w.watcher.addTree(path.join(dir, 'docs'));
    const page = path.join(dir, 'docs', 'a', 'page.mdx');
    const moved = path.join(dir, 'docs', 'a', 'moved.mdx');
    renameSync(page, moved);
    await w.waitFor('the move', () => w.has('unlink', page) && w.has('add', moved));
    expect(w.batches).toEqual([[{ event: 'unlink', file: page }, { event: 'add', file: moved }]]);
    rmSync(moved);
    await w.waitFor('unlink', () => w.has('unlink', moved));
    // An empty file left as it is, and one that stays deleted, are told once settled.
    const empty = path.join(dir, 'docs', 'a', 'empty.mdx');
    writeFileSync(empty, '');
    await w.waitFor('the empty file', () => w.has('add', empty));
  });
});
