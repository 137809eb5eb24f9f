import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { copyFixture, docgen, read, write } from '../helpers';

/**
 * The prerender and browser bundles are made while the pages compile, for the guess that
 * every Markdown page needs no bundler (build/early-bundles.ts). A stage takes them only when
 * the guess held: a page importing a component makes the stages build as before. (The
 * bundles are the same either way: the same entries and modules go to esbuild.)
 */
const EARLY = /bundle (server|client)\s+\S+ \S+ made while the pages compiled/g;
const ANY_EARLY = /made while the pages compiled/;

describe('bundles made while the pages compile', () => {
  it('are taken when every page is plain Markdown', () => {
    const site = copyFixture('basic');
    const result = docgen(['build', site, '--strict-links']);
    expect(result.code, result.output).toBe(0);
    expect([...result.output.matchAll(EARLY)].map((m) => m[1])).toEqual(['server', 'client']);
  });

  it('are left when a page imports a component, and the page still renders it', () => {
    const site = copyFixture('basic');
    write(site, 'src/components/Destaque.tsx', "export default function Destaque() { return <strong className=\"destaque\">Importante</strong>; }\n");
    write(site, 'content/docs/com-componente.mdx', "---\ntitle: Com componente\n---\n\nimport Destaque from '@site/src/components/Destaque';\n\nTexto com <Destaque />.\n");
    const result = docgen(['build', site, '--strict-links']);
    expect(result.code, result.output).toBe(0);
    expect(result.output).not.toMatch(ANY_EARLY);
    expect(read(path.join(site, 'build'), 'docs/com-componente/index.html')).toContain('<strong class="destaque">Importante</strong>');
  });
});
