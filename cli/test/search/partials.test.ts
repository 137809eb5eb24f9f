import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { runCompileJob } from '../../src/content/compile-job.js';
import { parseFrontMatter } from '../../src/content/front-matter.js';

const site = fileURLToPath(new URL('../fixtures/docusaurus/', import.meta.url));

/** The fixture's page that renders a partial (which renders another), compiled as a build compiles it. */
async function sectionsOf(rel: string) {
  const sourcePath = path.join(site, rel);
  const { body } = parseFrontMatter(readFileSync(sourcePath, 'utf8'), rel);
  const result = await runCompileJob({
    body, sourcePath, siteRelativePath: rel, routePath: '/docs/parciais', linkContext: 0,
    onBrokenMarkdownLinks: 'warn', mermaid: false, staticDirs: [path.join(site, 'static')], base: '', search: true,
  }, new Map([[0, new Map([['content/docs/intro.md', '/docs/intro']])]]));
  if (!result.ok) throw new Error(result.message);
  return result.search!;
}

describe('search text of a page that renders partials (Docusaurus\'s shared snippets)', () => {
  it('puts each partial\'s text and headings where the page renders it, nested ones too', async () => {
    expect(await sectionsOf('content/docs/parciais.mdx')).toEqual([
      { anchor: '', headings: [], text: '' },
      { anchor: 'antes', headings: ['Antes'], text: 'Antes do trecho.' },
      { anchor: 'seção-do-trecho', headings: ['Seção do trecho'], text: expect.stringMatching(/^Trecho compartilhado com link para a introdução e uma figura: .*Dica dentro do trecho\.$/) },
      { anchor: 'subseção-aninhada', headings: ['Seção do trecho', 'Subseção aninhada'], text: 'Texto do trecho aninhado.' },
      { anchor: 'depois', headings: ['Depois'], text: 'Depois do trecho.' },
    ]);
  });
});
