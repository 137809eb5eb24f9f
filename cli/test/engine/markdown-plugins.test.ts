import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { copyFixture, docgen, read, write } from '../helpers.js';

/** A site with a remark plugin (local file, with options) and a rehype plugin, as Docusaurus sites write them. */
function siteWithPlugins(extraPages = 0): string {
  const site = copyFixture('basic');
  // Plain tree walks: the test site has no node_modules of its own.
  const walk = 'const walk = (node, fn) => { fn(node); for (const child of node.children ?? []) walk(child, fn); };';
  write(site, 'plugins/remark-carimbo.mjs', `${walk}
/** Appends a marker to the text of paragraphs (the options name it). */
export default function remarkCarimbo(options) {
  return (tree) => walk(tree, (node) => { if (node.type === 'text' && node.value.includes('Texto')) node.value += options.marca; });
}
`);
  write(site, 'plugins/rehype-classe.mjs', `${walk}
export default function rehypeClasse() {
  return (tree) => walk(tree, (node) => { if (node.type === 'element' && node.tagName === 'h2') node.properties.className = ['titulo-do-plugin']; });
}
`);
  write(site, 'site.config.ts', `import { defineConfig } from 'docgen';
import remarkCarimbo from './plugins/remark-carimbo.mjs';
import rehypeClasse from './plugins/rehype-classe.mjs';
export default defineConfig({ title: 'Plugins', markdown: { remarkPlugins: [[remarkCarimbo, { marca: ' [carimbado]' }]], rehypePlugins: [rehypeClasse] } });
`);
  for (let i = 0; i < extraPages; i++) write(site, `content/docs/extra/p${i}.md`, `---\ntitle: Extra ${i}\n---\n\nTexto extra ${i}.\n\n## Seção ${i}\n`);
  return site;
}

describe('markdown plugins from site.config.ts', () => {
  it('run on every page of a small build (compiled in this thread)', () => {
    const site = siteWithPlugins();
    const r = docgen(['build', site]);
    expect(r.code).toBe(0);
    const html = read(site, 'build/docs/intro/index.html');
    expect(html).toContain('[carimbado]');
    expect(html).toMatch(/<h2[^>]*class="titulo-do-plugin"/);
  });

  it('run on worker threads too, and a changed plugin recompiles the pages (not served from the cache)', () => {
    const site = siteWithPlugins(70);
    const r = docgen(['build', site], { env: { DOCGEN_THREADS: '2' } });
    expect(r.code).toBe(0);
    expect(read(site, 'build/docs/extra/p42/index.html')).toContain('Texto extra 42. [carimbado]');
    write(site, 'site.config.ts', read(site, 'site.config.ts').replace("' [carimbado]'", "' [selado]'"));
    const again = docgen(['build', site], { env: { DOCGEN_THREADS: '2' } });
    expect(again.code).toBe(0);
    expect(read(site, 'build/docs/extra/p42/index.html')).toContain('Texto extra 42. [selado]');
    write(site, 'plugins/rehype-classe.mjs', read(site, 'plugins/rehype-classe.mjs').replace('titulo-do-plugin', 'titulo-novo'));
    docgen(['build', site], { env: { DOCGEN_THREADS: '2' } });
    expect(read(site, 'build/docs/extra/p42/index.html')).toContain('class="titulo-novo"');
  });

  it('a plugin that throws names itself and the page', () => {
    const site = siteWithPlugins();
    write(site, 'plugins/rehype-classe.mjs', 'export default function rehypeClasse() { return () => { throw new Error("quebrou"); }; }\n');
    const r = docgen(['build', site]);
    expect(r.code).toBe(1);
    expect(r.output).toMatch(/content\/docs\/intro\.md: A markdown plugin from site\.config\.ts \(remarkCarimbo, rehypeClasse\) failed on this page: quebrou/);
  });

  it('rejects a plugin entry that is not a function, at its config path', () => {
    const site = copyFixture('basic');
    write(site, 'site.config.ts', "import { defineConfig } from 'docgen';\nexport default defineConfig({ title: 'T', markdown: { remarkPlugins: ['remark-math'] } });\n");
    const r = docgen(['build', site]);
    expect(r.code).toBe(1);
    expect(r.output).toContain('markdown.remarkPlugins.0');
    expect(path.basename(site)).toBeTruthy();
  });
});

describe('global MDX components (src/theme/MDXComponents, as in Docusaurus)', () => {
  it('a component the site registers there is usable in every page without an import', () => {
    const site = copyFixture('basic');
    write(site, 'src/components/Destaque.tsx', "export default function Destaque({ children }: { children: React.ReactNode }) { return <mark className=\"destaque\">{children}</mark>; }\n");
    write(site, 'src/theme/MDXComponents.tsx', "import MDXComponents from '@theme-original/MDXComponents';\nimport Destaque from '@site/src/components/Destaque';\nexport default { ...MDXComponents, Destaque };\n");
    write(site, 'content/docs/global.mdx', '---\ntitle: Global\n---\n\nUm <Destaque>termo importante</Destaque> sem import.\n\n:::tip\nAs admonições do tema continuam.\n:::\n');
    const r = docgen(['build', site]);
    expect(r.output).not.toContain('Unknown JSX component');
    expect(r.code).toBe(0);
    const html = read(site, 'build/docs/global/index.html');
    expect(html).toContain('<mark class="destaque">termo importante</mark>');
    expect(html).toMatch(/dg-admonition|admonition/);
  });
});
