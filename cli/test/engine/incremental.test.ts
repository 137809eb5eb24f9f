import { readdirSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { copyFixture, docgen, read, write } from '../helpers.js';

/** Every file of a build folder, by relative path, with its bytes. */
function snapshot(dir: string, rel = ''): Map<string, Buffer> {
  const out = new Map<string, Buffer>();
  for (const entry of readdirSync(path.join(dir, rel), { withFileTypes: true })) {
    const r = rel ? `${rel}/${entry.name}` : entry.name;
    if (entry.isDirectory()) for (const [k, v] of snapshot(dir, r)) out.set(k, v);
    else out.set(r, readFileSync(path.join(dir, r)));
  }
  return out;
}

function expectSameOutput(a: string, b: string) {
  const [x, y] = [snapshot(a), snapshot(b)];
  expect([...y.keys()].sort()).toEqual([...x.keys()].sort());
  const differing = [...x].filter(([file, bytes]) => !bytes.equals(y.get(file)!)).map(([file]) => file);
  expect(differing).toEqual([]);
}

const stage = (stdout: string, name: string) => new RegExp(`✔ ${name}.*`).exec(stdout)?.[0] ?? '';

describe('incremental builds (.docgen/cache)', () => {
  for (const fixture of ['basic', 'multi']) {
    it(`${fixture}: a rebuild reuses every stage's work and writes the same bytes as a cold build, before and after an edit`, () => {
      const site = copyFixture(fixture);
      const build = (out: string) => {
        const r = docgen(['build', site, '--out-dir', out]);
        expect(r.output).not.toMatch(/error/i);
        expect(r.code).toBe(0);
        return r.stdout;
      };
      build('cold');
      const warm = build('warm');
      // Nothing changed: every page comes from the cache.
      const pages = Number(/render html .* (\d+) pages/.exec(warm)?.[1]);
      expect(pages).toBeGreaterThan(3);
      expect(stage(warm, 'render html')).toContain(`${pages} pages, ${pages} from cache`);
      expectSameOutput(path.join(site, 'cold'), path.join(site, 'warm'));

      // One page edited: only it is compiled and rendered again, and the output is exactly
      // what a build without any cache makes of the same sources.
      const docs = path.join(site, 'content/docs');
      const file = readdirSync(docs, { recursive: true }).map(String).find((f) => /\.mdx?$/.test(f))!;
      write(docs, file, read(docs, file) + '\n\nUm parágrafo novo, escrito depois.\n');
      const edited = build('edited');
      expect(stage(edited, 'render html')).toContain(`${pages} pages, ${pages - 1} from cache`);
      rmSync(path.join(site, '.docgen'), { recursive: true, force: true });
      build('fresh');
      expectSameOutput(path.join(site, 'fresh'), path.join(site, 'edited'));
      expect(readFileSync(path.join(site, 'edited', 'index.html'), 'utf8').length).toBeGreaterThan(0);
    });
  }
});
