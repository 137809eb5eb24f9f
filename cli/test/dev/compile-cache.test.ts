import { mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { CompileJob, JobResult } from '../../src/content/compile-job.js';
import { DevCompileCache } from '../../src/dev/compile-cache.js';

describe('DevCompileCache (each route\'s last compile, kept between docgen dev starts)', () => {
  let dir: string;
  let compiled: string[];
  const runner = async (jobs: CompileJob[]): Promise<JobResult[]> =>
    jobs.map((job) => {
      compiled.push(job.routePath);
      if (job.body.includes('<<')) return { ok: false, location: null, message: 'broken' };
      const images: [string, string][] = job.body.includes('img') ? [['/assets/img/a.png', path.join(dir, 'a.png')]] : [];
      return { ok: true, code: `// ${job.body}`, codeHash: job.body, isStandalone: true, data: { toc: [] } as never, search: null, images, partials: [] };
    });
  const job = (routePath: string, body: string): CompileJob => ({ body, sourcePath: `/site${routePath}.md`, siteRelativePath: `${routePath}.md`, routePath, linkContext: 0, onBrokenMarkdownLinks: 'warn', mermaid: false, staticDirs: [], base: '', search: true });
  const contexts = new Map([[0, new Map([['a.md', '/docs/a']])]]);

  beforeEach(() => {
    dir = mkdtempSync(path.join(tmpdir(), 'docgen-dev-compile-cache-'));
    writeFileSync(path.join(dir, 'a.png'), 'png');
    compiled = [];
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('compiles a page again only when its job, the engine or an image it uses changed', async () => {
    const first = new DevCompileCache(path.join(dir, 'cache'), 'engine-1');
    await first.wrap(runner)([job('/docs/a', 'A'), job('/docs/b', 'B img')], contexts);
    first.flush(); // as docgen dev does when it closes
    expect(compiled).toEqual(['/docs/a', '/docs/b']);

    const second = new DevCompileCache(path.join(dir, 'cache'), 'engine-1');
    const results = await second.wrap(runner)([job('/docs/a', 'A'), job('/docs/b', 'B img')], contexts);
    expect(compiled).toEqual(['/docs/a', '/docs/b']);
    expect([second.hits, second.misses]).toEqual([2, 0]);
    expect(results.map((r) => r.ok && r.code)).toEqual(['// A', '// B img']);

    writeFileSync(path.join(dir, 'a.png'), 'a bigger png');
    await second.wrap(runner)([job('/docs/a', 'A, edited'), job('/docs/b', 'B img')], contexts);
    expect(compiled.slice(2)).toEqual(['/docs/a', '/docs/b']);
    second.flush();

    const newEngine = new DevCompileCache(path.join(dir, 'cache'), 'engine-2');
    await newEngine.wrap(runner)([job('/docs/a', 'A, edited')], contexts);
    expect(newEngine.misses).toBe(1);
  });

  it('never keeps a mistake: a broken page is compiled again at every start', async () => {
    for (let i = 0; i < 2; i++) {
      const cache = new DevCompileCache(path.join(dir, 'cache'), 'engine-1');
      await cache.wrap(runner)([job('/docs/a', 'A <<')], contexts);
      cache.flush();
    }
    expect(compiled).toEqual(['/docs/a', '/docs/a']);
  });

  it('writes a route\'s last compile only, after the saves that made it (never on a save\'s path)', async () => {
    const cache = new DevCompileCache(path.join(dir, 'cache'), 'engine-1');
    await cache.wrap(runner)([job('/docs/a', 'A')], contexts);
    await cache.wrap(runner)([job('/docs/a', 'A, saved')], contexts);
    expect(readdirSync(dir)).toEqual(['a.png']); // nothing written yet
    // Until written, the waiting entry answers: the page saved back is not compiled again.
    await cache.wrap(runner)([job('/docs/a', 'A, saved')], contexts);
    expect(compiled).toEqual(['/docs/a', '/docs/a']);
    cache.flush();
    const next = new DevCompileCache(path.join(dir, 'cache'), 'engine-1');
    await next.wrap(runner)([job('/docs/a', 'A, saved'), job('/docs/a', 'A')], contexts);
    expect([next.hits, next.misses]).toEqual([1, 1]);
  });

  it('compiles a page it answered once more when a browser shows it (a warm-up for its first save), never a page compiled meanwhile', async () => {
    const first = new DevCompileCache(path.join(dir, 'cache'), 'engine-1');
    await first.wrap(runner)([job('/docs/a', 'A'), job('/docs/b', 'B'), job('/docs/c', 'C')], contexts);
    first.flush();
    compiled = [];

    const cache = new DevCompileCache(path.join(dir, 'cache'), 'engine-1');
    const run = cache.wrap(runner);
    await run([job('/docs/a', 'A'), job('/docs/b', 'B'), job('/docs/c', 'C')], contexts);
    expect(compiled).toEqual([]); // all three from the cache
    cache.warm('/docs/a'); // shown in a browser: warmed once the server is quiet
    cache.warm('/docs/a');
    await run([job('/docs/b', 'B, saved')], contexts); // saved before its warm-up: compiled for real
    cache.warm('/docs/b');
    // /docs/c is only rendered (the link check reads its ids): nobody shows it, nothing to warm.
    await expect.poll(() => cache.warmed).toBe(1);
    expect(compiled).toEqual(['/docs/b', '/docs/a']);
    cache.flush();
  });

  it('is off without a bundled engine to fingerprint (running from sources)', async () => {
    const cache = new DevCompileCache(path.join(dir, 'cache'), null);
    for (let i = 0; i < 2; i++) await cache.wrap(runner)([job('/docs/a', 'A')], contexts);
    expect(compiled).toEqual(['/docs/a', '/docs/a']);
  });
});
