import { existsSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { copyFixture, write } from '../helpers.js';
import { eventually, startDev, type DevProcess } from './helpers/dev-process.js';

/**
 * What `docgen dev` keeps between starts (`.docgen/cache/dev-docs.json`: each doc's front
 * matter, title and where its text starts) never serves a stale page: files edited, added,
 * removed or renamed while it was stopped are what the next start serves, and a cache file
 * that cannot be read is a start that reads every file, with no error.
 */
const cacheFile = (site: string) => path.join(site, '.docgen', 'cache', 'dev-docs.json');

let site: string;
let dev: DevProcess | null = null;

const page = async (p: string) => {
  const res = await fetch(new URL(p, dev!.origin), { redirect: 'manual' });
  return { status: res.status, html: await res.text() };
};
const docCache = async () => ((await (await fetch(new URL('/__docgen/dev/stats.json', dev!.origin))).json()) as { docCache: { hits: number; misses: number } }).docCache;

/** Starts dev, runs `check`, and stops it once the doc cache is on disk. */
async function session(check: () => Promise<void>) {
  dev = await startDev(site);
  try {
    await check();
    await eventually('the doc cache on disk', () => existsSync(cacheFile(site)));
  } finally {
    await dev.stop();
    dev = null;
  }
}

beforeAll(() => {
  site = copyFixture('basic');
  write(site, 'content/docs/02-referência/extra.md', '---\ntitle: Extra\n---\n\nUma página que sai.\n');
});

afterAll(async () => {
  await dev?.stop('SIGKILL');
  rmSync(site, { recursive: true, force: true });
});

describe('docgen dev after a restart', () => {
  it('serves the files as they are now, not as the previous start cached them', async () => {
    await session(async () => {
      expect((await page('/docs/guia/instalar')).html).toContain('Instalar');
      expect((await page('/docs/referência/extra')).status).toBe(200);
      expect((await page('/docs/guia/instalar')).html).toContain('Guia rápido');
    });

    // Stopped: one doc edited (title and text), one added, one removed, one renamed; one
    // category relabelled, and another given a _category_.json that takes over from its .yml.
    write(site, 'content/docs/01-guia/_category_.json', '{ "label": "Guia revisto", "position": 2 }');
    write(site, 'content/docs/02-referência/_category_.json', '{ "label": "Referência nova", "position": 3 }');
    write(site, 'content/docs/01-guia/01-instalar.md', '---\ntitle: Instalação revista\n---\n\nTexto revisto da instalação.\n');
    write(site, 'content/docs/01-guia/03-novo.md', '---\ntitle: Página nova\n---\n\nTexto da página nova.\n');
    write(site, 'content/docs/03-pasta-nova/01-dentro.md', '---\ntitle: Dentro da pasta nova\n---\n\nTexto numa pasta que não existia.\n');
    rmSync(path.join(site, 'content/docs/02-referência/extra.md'));
    renameSync(path.join(site, 'content/docs/02-referência/api.md'), path.join(site, 'content/docs/02-referência/interface.md'));

    await session(async () => {
      const edited = (await page('/docs/guia/instalar')).html;
      expect(edited).toContain('Instalação revista');
      expect(edited).toContain('Texto revisto da instalação.');
      expect(edited).not.toContain('Dica antiga');
      expect((await page('/docs/guia/novo')).html).toContain('Texto da página nova.');
      expect((await page('/docs/pasta-nova/dentro')).html).toContain('Texto numa pasta que não existia.');
      expect((await page('/docs/referência/extra')).status).toBe(404);
      expect((await page('/docs/referência/api')).status).toBe(404);
      const renamed = (await page('/docs/referência/interface')).html;
      expect(renamed).toContain('Conteúdo da API.');
      expect(renamed).toContain('Guia revisto');
      expect(renamed).not.toContain('Guia rápido');
      expect(renamed).toContain('Referência nova');
      expect(renamed).not.toContain('Referência técnica');
      // Unchanged files came from the cache, their text cut from the file where it starts.
      expect((await docCache()).hits).toBeGreaterThan(0);
      const intro = (await page('/docs/intro')).html;
      expect(intro).toContain('Introdução ao fixture');
      expect(intro).toContain('Texto com <strong>negrito</strong>');
      expect((await page('/markdown-page')).html).toContain('Uma página solta');
    });
  }, 120_000);

  it('reads every file again when the cache file is damaged, with no error', async () => {
    writeFileSync(cacheFile(site), '{"engine":"x","docs":{"/trunca');
    await session(async () => {
      expect((await page('/docs/guia/instalar')).html).toContain('Texto revisto da instalação.');
      expect((await page('/docs/intro')).html).toContain('Introdução ao fixture');
      expect(await docCache()).toMatchObject({ hits: 0 });
      expect(dev!.output()).not.toMatch(/error|problem/i);
    });
  }, 120_000);

  it('writes the cache when it stops before writing it on its own (that waits for a quiet moment)', async () => {
    rmSync(cacheFile(site), { force: true });
    dev = await startDev(site);
    await dev.stop();
    dev = null;
    expect(existsSync(cacheFile(site))).toBe(true);
    await session(async () => {
      expect((await page('/docs/guia/instalar')).html).toContain('Texto revisto da instalação.');
      expect(await docCache()).toMatchObject({ misses: 0 });
    });
  }, 120_000);

  it('compiles a page served from the previous start\'s compiles once more, as a warm-up for its first save', async () => {
    const compiles = async () => ((await (await fetch(new URL('/__docgen/dev/stats.json', dev!.origin))).json()) as { compileCache: { hits: number; misses: number; warmed: number } }).compileCache;
    // A page without links: a link check compiles the pages a page links to, when dev is
    // quiet, and whether it did before the stop would decide the next start's counts.
    const linkless = '/docs/referência/interface';
    await session(async () => {
      expect((await page(linkless)).status).toBe(200);
    });
    await session(async () => {
      expect((await page(linkless)).html).toContain('Conteúdo da API.');
      expect(await compiles()).toMatchObject({ hits: 1, misses: 0 });
      await eventually('the warm-up compile', async () => (await compiles()).warmed === 1);
    });
  }, 120_000);
});
