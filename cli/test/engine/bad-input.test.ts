import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { copyFixture, docgen, read, write } from '../helpers.js';

/**
 * Every user mistake: the build exits 1, names file:line:column and what to do, reports
 * every problem it found, prints no stack trace and leaves the previous output untouched.
 */
describe('bad input', () => {
  let site: string;
  let previousIndex: string;
  beforeAll(() => {
    site = copyFixture('basic');
    expect(docgen(['build', site]).code).toBe(0);
    previousIndex = read(site, 'build/docs/intro/index.html');
  });

  const expectFailureKeepsOutput = (r: ReturnType<typeof docgen>) => {
    expect(r.code).toBe(1);
    expect(r.output).not.toMatch(/\n\s+at .+:\d+:\d+\)?\n/); // no stack trace
    expect(r.output).toContain('the previous output was left as it was');
    expect(read(site, 'build/docs/intro/index.html')).toBe(previousIndex);
    expect(readdirSync(site).filter((f) => f.includes('.tmp-') || f.includes('.old-') || f.includes('.code-'))).toEqual([]);
  };

  it('reports all content mistakes of one build together, each at file:line:column', () => {
    const broken = copyFixture('basic');
    expect(docgen(['build', broken]).code).toBe(0);
    const before = read(broken, 'build/docs/intro/index.html');
    write(broken, 'content/docs/bad-yaml.md', '---\ntitle: "unterminated\nsidebar_position: 3\n---\n\nTexto.\n');
    write(broken, 'content/docs/bad-mdx.mdx', '---\ntitle: MDX quebrado\n---\n\nLinha um.\n\nUm valor {1 +} inválido.\n');
    write(broken, 'content/docs/01-guia/_category_.json', '{ "label": "Guia", }\n');
    write(broken, 'content/docs/missing-image.md', '---\ntitle: Sem imagem\n---\n\nTexto.\n\n![nada](./nao-existe.png)\n');
    const r = docgen(['build', broken]);
    expect(r.code).toBe(1);
    expect(r.output).toMatch(/content\/docs\/bad-yaml\.md:\d+:\d+: Invalid YAML front matter/);
    expect(r.output).toMatch(/content\/docs\/bad-mdx\.mdx:7:\d+: MDX syntax error/);
    expect(r.output).toMatch(/content\/docs\/01-guia\/_category_\.json:1:\d+: _category_\.json is not valid JSON/);
    expect(r.output).not.toMatch(/\n\s+at .+:\d+:\d+\)?\n/);
    expect(read(broken, 'build/docs/intro/index.html')).toBe(before);
  });

  it('reports a missing image and a second MDX error in the same build', () => {
    const broken = copyFixture('basic');
    write(broken, 'content/docs/missing-image.md', '---\ntitle: Sem imagem\n---\n\nTexto.\n\n![nada](./nao-existe.png)\n');
    write(broken, 'content/docs/bad-mdx.mdx', '---\ntitle: MDX quebrado\n---\n\nUm valor {1 +} inválido.\n');
    const r = docgen(['build', broken]);
    expect(r.code).toBe(1);
    expect(r.output).toMatch(/content\/docs\/missing-image\.md:7:1: Image "\.\/nao-existe\.png" not found/);
    expect(r.output).toMatch(/content\/docs\/bad-mdx\.mdx:\d+:\d+: MDX syntax error/);
    expect(r.output).toContain('2 problems in the content');
  });

  it('points an unclosed JSX tag at its own line and column, not at 1:1', () => {
    const broken = copyFixture('basic');
    write(broken, 'content/docs/aberta.mdx', '---\ntitle: Tag aberta\n---\n\nTexto.\n\n  <div>\n\nsem fechar\n');
    const r = docgen(['build', broken]);
    expect(r.code).toBe(1);
    expect(r.output).toMatch(/content\/docs\/aberta\.mdx:7:3: MDX syntax error: Expected a closing tag for `<div>`\. In MDX/);
    expect(r.output).not.toMatch(/aberta\.mdx:1:1/);
  });

  it('rejects an unknown JSX component with its position and the components it could use', () => {
    write(site, 'content/docs/jsx.mdx', '---\ntitle: JSX\n---\n\nTexto.\n\n<Tabela linhas={2} />\n');
    const r = docgen(['build', site]);
    expect(r.output).toMatch(/content\/docs\/jsx\.mdx:7:1: Unknown JSX component <Tabela>/);
    expect(r.output).toContain('Admonition');
    expectFailureKeepsOutput(r);
    write(site, 'content/docs/jsx.mdx', '---\ntitle: JSX\n---\n\nTexto.\n');
  });

  it('rejects two files claiming the same route', () => {
    write(site, 'content/docs/duplicada.md', '---\ntitle: Duplicada\nslug: /intro\n---\n\nTexto.\n');
    const r = docgen(['build', site]);
    expect(r.output).toMatch(/content\/docs\/(intro|duplicada)\.md:1:1: Route "\/docs\/intro" is claimed by both content\/docs\/(intro|duplicada)\.md and content\/docs\/(intro|duplicada)\.md/);
    expectFailureKeepsOutput(r);
    write(site, 'content/docs/duplicada.md', '---\ntitle: Duplicada\n---\n\nTexto.\n');
  });

  it('rejects front matter of the wrong type with the key and line', () => {
    write(site, 'content/docs/tipo.md', '---\ntitle: Tipo\nsidebar_position: primeiro\n---\n\nTexto.\n');
    const r = docgen(['build', site]);
    expect(r.output).toContain('content/docs/tipo.md:3:1: Front matter "sidebar_position": Expected number, received string "primeiro"');
    expectFailureKeepsOutput(r);
    write(site, 'content/docs/tipo.md', '---\ntitle: Tipo\n---\n\nTexto.\n');
  });

  it('rejects a broken import in MDX', () => {
    write(site, 'content/docs/importa.mdx', "---\ntitle: Importa\n---\n\nimport Foo from './nao-existe';\n\n<Foo />\n");
    const r = docgen(['build', site]);
    expect(r.output).toMatch(/content\/docs\/importa\.mdx:5:17: Could not resolve "\.\/nao-existe"/);
    expectFailureKeepsOutput(r);
    write(site, 'content/docs/importa.mdx', '---\ntitle: Importa\n---\n\nTexto.\n');
  });

  it('builds again once the mistakes are fixed', () => {
    expect(docgen(['build', site]).code).toBe(0);
    expect(existsSync(path.join(site, 'build/docs/importa/index.html'))).toBe(true);
  });
});
