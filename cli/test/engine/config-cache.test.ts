import { cpSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config/load-config.js';
import { readConfigCode } from '../../src/bundle/config-cache.js';

const dirs: string[] = [];
afterEach(() => dirs.splice(0).forEach((d) => rmSync(d, { recursive: true, force: true })));

/** A site whose title comes from a local module, so what the config imports decides what it says. */
function site(files: Record<string, string>): { dir: string; write(rel: string, text: string): void } {
  const dir = mkdtempSync(path.join(tmpdir(), 'docgen-config-cache-'));
  dirs.push(dir);
  const write = (rel: string, text: string) => writeFileSync(path.join(dir, rel), text);
  write('site.config.ts', "import { defineConfig } from 'docgen';\nimport { title } from './title';\nexport default defineConfig({ title });\n");
  for (const [rel, text] of Object.entries(files)) write(rel, text);
  return { dir, write };
}

const titleOf = async (dir: string) => (await loadConfig(dir)).title;
const kept = (dir: string) => readConfigCode(path.join(dir, 'site.config.ts'));

describe('the bundled site.config.ts kept between runs', () => {
  it('is reused while nothing it was bundled from changed, and the config is still evaluated each time', async () => {
    const s = site({ 'title.ts': 'export const title = process.env.DOCGEN_TEST_TITLE ?? "Primeiro";\n' });
    expect(kept(s.dir)).toBeNull();
    expect(await titleOf(s.dir)).toBe('Primeiro');
    expect(kept(s.dir)).toContain('Primeiro');
    process.env.DOCGEN_TEST_TITLE = 'Do ambiente';
    try {
      expect(await titleOf(s.dir)).toBe('Do ambiente');
    } finally {
      delete process.env.DOCGEN_TEST_TITLE;
    }
  });

  it('is bundled again when an imported file changes, even to the same size at the same time', async () => {
    const s = site({ 'title.ts': 'export const title = "Antes";\n' });
    const when = new Date(Date.now() - 60_000);
    utimesSync(path.join(s.dir, 'title.ts'), when, when);
    expect(await titleOf(s.dir)).toBe('Antes');
    s.write('title.ts', 'export const title = "Ontem";\n');
    utimesSync(path.join(s.dir, 'title.ts'), when, when); // a file system whose times are too coarse to tell
    expect(kept(s.dir)).toBeNull();
    expect(await titleOf(s.dir)).toBe('Ontem');
  });

  it('is bundled again when a new file takes over an import (title.ts before title.js)', async () => {
    const s = site({ 'title.js': 'export const title = "Do JS";\n' });
    expect(await titleOf(s.dir)).toBe('Do JS');
    s.write('title.ts', 'export const title = "Do TS";\n');
    const later = new Date(Date.now() + 5000);
    utimesSync(s.dir, later, later); // the folder's time is what tells; make it differ on any file system
    expect(await titleOf(s.dir)).toBe('Do TS');
  });

  it('is bundled again when a tsconfig.json changes what an import resolves to', async () => {
    const s = site({
      'a.ts': 'export const title = "Caminho A";\n',
      'b.ts': 'export const title = "Caminho B";\n',
    });
    s.write('site.config.ts', "import { defineConfig } from 'docgen';\nimport { title } from '@titulo';\nexport default defineConfig({ title });\n");
    s.write('tsconfig.json', JSON.stringify({ compilerOptions: { baseUrl: '.', paths: { '@titulo': ['./a.ts'] } } }));
    expect(await titleOf(s.dir)).toBe('Caminho A');
    s.write('tsconfig.json', JSON.stringify({ compilerOptions: { baseUrl: '.', paths: { '@titulo': ['./b.ts'] } } }));
    const later = new Date(Date.now() + 5000);
    utimesSync(path.join(s.dir, 'tsconfig.json'), later, later);
    expect(await titleOf(s.dir)).toBe('Caminho B');
  });

  it('is not taken by a copy of the site (its .docgen included): the copy bundles its own files', async () => {
    const s = site({ 'title.ts': 'export const title = "Original";\n' });
    expect(await titleOf(s.dir)).toBe('Original');
    const copy = mkdtempSync(path.join(tmpdir(), 'docgen-config-cache-copy-'));
    dirs.push(copy);
    cpSync(s.dir, copy, { recursive: true });
    writeFileSync(path.join(copy, 'title.ts'), 'export const title = "Cópia";\n');
    expect(await titleOf(copy)).toBe('Cópia');
    expect(await titleOf(s.dir)).toBe('Original');
  });
});
