import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { copyFixture, docgen, read, write } from '../helpers.js';

const cached = (output: string) => Number(/compile mdx .* (\d+) files, (\d+) from cache/.exec(output)?.[2]);

describe('compile cache', () => {
  it('reuses unchanged pages, recompiles a changed page or image, and is skipped with --no-cache', () => {
    const site = copyFixture('basic');
    const first = docgen(['build', site]);
    expect(first.code).toBe(0);
    expect(cached(first.stdout)).toBe(0);

    const firstHtml = read(site, 'build/docs/intro/index.html');
    const second = docgen(['build', site]);
    expect(second.stdout).toMatch(/compile mdx .* 5 files, 5 from cache/);
    expect(read(site, 'build/docs/intro/index.html')).toBe(firstHtml); // same output from the cache

    write(site, 'content/docs/intro.md', read(site, 'content/docs/intro.md').replace('Texto com', 'Texto novo com'));
    const third = docgen(['build', site]);
    expect(cached(third.stdout)).toBe(4);
    expect(read(site, 'build/docs/intro/index.html')).toContain('Texto novo com');

    const before = /src="(\/assets\/img\/diagrama-[0-9a-f]+\.svg)"/.exec(read(site, 'build/docs/guia/instalar/index.html'))![1];
    writeFileSync(path.join(site, 'content/docs/01-guia/img/diagrama.svg'), '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 20 20"><circle r="5"/></svg>\n');
    const fourth = docgen(['build', site]);
    expect(cached(fourth.stdout)).toBe(4);
    const after = /src="(\/assets\/img\/diagrama-[0-9a-f]+\.svg)"/.exec(read(site, 'build/docs/guia/instalar/index.html'))![1];
    expect(after).not.toBe(before);

    expect(docgen(['build', site, '--no-cache']).stdout).toMatch(/5 files, 0 from cache/);
  });

  it('does not cache mistakes: a broken page fails again on the next build', () => {
    const site = copyFixture('basic');
    write(site, 'content/docs/quebrada.mdx', '---\ntitle: Q\n---\n\nUm {1 +} erro.\n');
    expect(docgen(['build', site]).code).toBe(1);
    expect(docgen(['build', site]).output).toContain('content/docs/quebrada.mdx:5');
  });
});
