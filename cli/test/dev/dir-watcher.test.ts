import { mkdirSync, mkdtempSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DirWatcher } from '../../src/dev/dir-watcher.js';
import type { FileChange } from '../../src/dev/watcher.js';

const WAIT_MS = 5_000;

/** The watcher's changes, flushed as it asks (as watchSite does), gathered until `until` is met. */
function collector(ignored: (f: string) => boolean = (f) => path.basename(f).startsWith('.')) {
  const seen: FileChange[] = [];
  let timer: NodeJS.Timeout | null = null;
  const watcher = new DirWatcher(ignored, () => {
    timer ??= setTimeout(() => {
      timer = null;
      seen.push(...watcher.flush());
    }, 5);
  });
  const waitFor = async (what: string, until: () => boolean) => {
    const deadline = Date.now() + WAIT_MS;
    while (!until()) {
      if (Date.now() > deadline) throw new Error(`no ${what} within ${WAIT_MS} ms; saw ${JSON.stringify(seen)}`);
      await new Promise((r) => setTimeout(r, 10));
    }
  };
  return { watcher, seen, waitFor, has: (event: string, file: string) => seen.some((c) => c.event === event && c.file === file) };
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
});
