import { mkdtempSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { copyFixture, write } from '../helpers.js';
import { devEnv, spawnDevNow } from './helpers/dev-process.js';
import { LiveChannel, type DevMessage } from './helpers/live-channel.js';

/**
 * The page a `docgen dev` run showed last is kept at close and answered by the next start
 * before its route table is built (dev/start-page.ts) — only while nothing it was made from
 * changed, and exactly as a start without it renders the page.
 */
const ROUTE = '/docs/guia/instalar';
let site: string;

/** Starts dev, asks for ROUTE from the first moment until it answers, then stops dev (which keeps the page). */
async function firstPage(route = ROUTE, during?: (origin: string, early: boolean) => Promise<void>, env: Record<string, string> = {}): Promise<{ html: string; early: boolean; output: string }> {
  const dev = await spawnDevNow(site, devEnv({ DOCGEN_DEV_TRACE: '1', ...env }));
  try {
    const started = Date.now();
    for (;;) {
      const res = await fetch(dev.origin + encodeURI(route)).catch(() => null);
      if (res?.status === 200) {
        const html = await res.text();
        // Asked for again once dev is ready: the kept page is checked, then the one kept at close.
        await waitFor(() => /docgen dev (ready|started with problems) in/.test(dev.output()));
        // As a browser would: the page's scripts (the theme's bundles, built and cached on a first start).
        for (const [, src] of html.matchAll(/<script type="module" src="([^"]+)"/g)) await (await fetch(dev.origin + src)).text();
        const early = dev.output().includes(`start page ${route}`);
        await during?.(dev.origin, early);
        return { html, early, output: dev.output() };
      }
      if (Date.now() - started > 30_000) throw new Error(`no page:\n${dev.output()}`);
      await new Promise((r) => setTimeout(r, 5));
    }
  } finally {
    expect(await dev.stop()).toBe(0);
  }
}

/**
 * firstPage when the kept page is expected: the request must reach dev before its route table
 * is built (a fraction of a second on a small site), which a starved test process can miss;
 * a kept page that does not hold is refused every time, so three tries still catch it.
 */
async function keptFirstPage(during?: (origin: string, early: boolean) => Promise<void>, before?: () => void) {
  before?.();
  let result = await firstPage(ROUTE, during);
  for (let i = 0; i < 2 && !result.early; i++) {
    before?.();
    result = await firstPage(ROUTE, during);
  }
  return result;
}

async function waitFor(check: () => boolean, checkAsync?: () => Promise<boolean>) {
  for (let i = 0; i < 3000 && !check() && !(await checkAsync?.()); i++) await new Promise((r) => setTimeout(r, 10));
}

const kept = () => path.join(site, '.docgen', 'cache', 'dev-start-page.json');

beforeAll(() => {
  site = copyFixture('basic');
});
afterAll(() => rmSync(site, { recursive: true, force: true }));

describe('the page kept for the next start', () => {
  it('is answered before the route table, byte for byte what a start without it renders', async () => {
    expect((await firstPage()).early).toBe(false); // nothing kept yet
    const fast = await keptFirstPage();
    expect(fast.early).toBe(true);
    rmSync(kept());
    const full = await firstPage();
    expect(full.early).toBe(false);
    expect(fast.html).toBe(full.html);
    expect(fast.html).toContain('Instalar');
  }, 60_000);

  it('is kept when dev stops before its first start has built the theme\'s browser bundles', async () => {
    const cache = mkdtempSync(path.join(tmpdir(), 'docgen-dev-cache-empty-'));
    const env = { DOCGEN_DEV_CACHE_DIR: cache };
    try {
      // Stopped as soon as the page is served, before anything asks for the bundles it names.
      const dev = await spawnDevNow(site, devEnv({ DOCGEN_DEV_TRACE: '1', ...env }));
      try {
        await waitFor(() => false, async () => (await fetch(dev.origin + ROUTE).catch(() => null))?.status === 200);
        expect(dev.output()).not.toContain(`start page ${ROUTE}`);
      } finally {
        expect(await dev.stop()).toBe(0);
      }
      // Kept as a start with the bundles cached renders it (their shared chunks preloaded):
      // whether the next start answers with it or misses its window, that start serves the same.
      const keptHtml = (JSON.parse(readFileSync(kept(), 'utf8')) as { html: string }).html;
      expect(keptHtml).toContain('Instalar');
      const next = await firstPage(ROUTE, undefined, env);
      expect(next.html).toBe(keptHtml);
    } finally {
      rmSync(cache, { recursive: true, force: true });
    }
  }, 60_000);

  it('is kept as a new start renders it, after saves that gave the page new chunk URLs', async () => {
    const file = 'content/docs/01-guia/01-instalar.md';
    await firstPage(ROUTE, async (origin) => {
      for (const n of [1, 2]) {
        write(site, file, `---\ntitle: Instalar\n---\n\nSalvo ${n} vezes com dev aberto.\n`);
        for (let i = 0; i < 500 && !(await (await fetch(origin + ROUTE)).text()).includes(`Salvo ${n} vezes`); i++) await new Promise((r) => setTimeout(r, 10));
      }
      expect(await (await fetch(origin + ROUTE)).text()).toMatch(/chunk\.js\?route=[^"&]+&amp;v=[1-9]/); // this session's URLs
    });
    const fast = await keptFirstPage();
    expect(fast.early).toBe(true);
    expect(fast.html).toContain('Salvo 2 vezes com dev aberto.');
    rmSync(kept());
    expect((await firstPage()).html).toBe(fast.html);
  }, 60_000);

  it('is not answered after the page, a new doc beside it or the config changed while dev was stopped', async () => {
    await firstPage(); // keeps the page as the site is now
    write(site, 'content/docs/01-guia/01-instalar.md', '---\ntitle: Instalar\n---\n\nTexto mudado com dev parado.\n');
    let next = await firstPage();
    expect(next.early).toBe(false);
    expect(next.html).toContain('Texto mudado com dev parado.');
    expect((await keptFirstPage()).early).toBe(true); // kept again at that close: unchanged since

    write(site, 'content/docs/01-guia/09-nova.md', '---\ntitle: Página nova ao lado\n---\n\nNova.\n');
    next = await firstPage();
    expect(next.early).toBe(false);
    expect(next.html).toContain('Página nova ao lado'); // in the page's sidebar

    write(site, 'site.config.ts', (await import('node:fs')).readFileSync(path.join(site, 'site.config.ts'), 'utf8').replace(/title: '([^']*)'/, "title: '$1 (novo)'"));
    next = await firstPage();
    expect(next.early).toBe(false);
    expect(next.html).toContain('(novo)');
  }, 90_000);

  it('is rendered again when only its text changed while dev was stopped, saved in place or by a rename', async () => {
    const rel = 'content/docs/01-guia/01-instalar.md';
    const file = path.join(site, rel);
    const original = readFileSync(file, 'utf8');
    try {
      await firstPage(); // keeps the page as the site is now
      // A new text before each try: a try that misses the start keeps the changed page at its close.
      let n = 0;
      const inPlace = () => writeFileSync(file, `${original}\nParágrafo ${++n} escrito com dev parado.\n`);
      const fast = await keptFirstPage(undefined, inPlace);
      expect(fast.early).toBe(true);
      expect(fast.html).toContain(`Parágrafo ${n} escrito com dev parado.`);
      rmSync(kept());
      const full = await firstPage();
      expect(full.early).toBe(false);
      expect(fast.html).toBe(full.html);

      // As editors save: a new file beside it, renamed over it (the folder's time changes, not its entries).
      const renamed = () => {
        writeFileSync(`${file}.tmp`, `${original}\nParágrafo ${++n} salvo por troca de arquivo.\n`);
        renameSync(`${file}.tmp`, file);
      };
      const again = await keptFirstPage(undefined, renamed);
      expect(again.early).toBe(true);
      expect(again.html).toContain(`Parágrafo ${n} salvo por troca de arquivo.`);
      rmSync(kept());
      expect((await firstPage()).html).toBe(again.html);
    } finally {
      writeFileSync(file, original);
    }
  }, 90_000);

  it('is not rendered again when more than its text changed: its title, its first line, another doc, a new file beside it', async () => {
    const rel = 'content/docs/01-guia/01-instalar.md';
    const file = path.join(site, rel);
    const original = readFileSync(file, 'utf8');
    const other = path.join(site, 'content/docs/01-guia/02-primeiros-passos.mdx');
    const otherText = readFileSync(other, 'utf8');
    const changes: [string, () => void, string][] = [
      ['its title', () => writeFileSync(file, original.replace('title: Instalar', 'title: Instalar agora')), 'Instalar agora'],
      // Without a description in its front matter, its first line is the page's description (category cards).
      ['its first line', () => writeFileSync(file, original.replace('---\n\n', '---\n\nPrimeira linha nova.\n\n')), 'Primeira linha nova.'],
      ['another doc', () => (writeFileSync(file, `${original}\nTexto novo.\n`), writeFileSync(other, otherText.replace('sidebar_label: Passos', 'sidebar_label: Passos renomeados'))), 'Passos renomeados'], // in its sidebar
      ['a new file beside it', () => (writeFileSync(file, `${original}\nTexto novo 2.\n`), writeFileSync(path.join(path.dirname(file), '03-vizinha.md'), '---\ntitle: Vizinha nova\n---\n\nOi.\n')), 'Vizinha nova'],
    ];
    const restore = () => {
      writeFileSync(file, original);
      writeFileSync(other, otherText);
      rmSync(path.join(path.dirname(file), '03-vizinha.md'), { force: true });
    };
    try {
      for (const [what, change, shows] of changes) {
        restore();
        await firstPage(); // keeps the page as the site is now
        change();
        const next = await firstPage();
        expect(next.early, what).toBe(false);
        expect(next.html, what).toContain(shows);
      }
    } finally {
      restore();
    }
    // A doc deleted while dev was stopped is not taken for a change the session has not read.
    await firstPage();
    expect((JSON.parse(readFileSync(kept(), 'utf8')) as { html?: string }).html).toContain('Instalar');
  }, 120_000);

  it('when it was not what the site renders (a file the check cannot see), is replaced and its browser reloads', async () => {
    await firstPage();
    // Tampered with before each try: a try that misses the start keeps a true page at its close.
    const tamper = () => {
      const data = JSON.parse(readFileSync(kept(), 'utf8')) as { html: string };
      writeFileSync(kept(), JSON.stringify({ ...data, html: data.html.replace('Instalar', 'Adulterado') }));
    };
    let later = '';
    let reload: DevMessage | null = null;
    const stale = await keptFirstPage(async (origin, early) => {
      if (!early) return;
      const channel = await LiveChannel.connect(origin); // as the stale page's dev client does
      try {
        reload = await channel.next((m) => m.type === 'reload', 10_000, 'the reload');
      } finally {
        channel.close();
      }
      later = await (await fetch(origin + ROUTE)).text();
    }, tamper);
    expect(reload).toMatchObject({ type: 'reload' });
    expect(stale.early).toBe(true);
    expect(stale.html).toContain('Adulterado');
    expect(stale.output).toContain(`the page kept from the last run (${ROUTE}) is not what the site renders now; it reloads`);
    expect(later).not.toContain('Adulterado');
    const next = await keptFirstPage();
    expect(next.early).toBe(true);
    expect(next.html).toBe(later);
  }, 60_000);
});
