import { existsSync, symlinkSync } from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { copyFixture, docgen, read, repoRoot, write } from '../helpers.js';

/**
 * Math as a Docusaurus site configures it: remark-math and rehype-katex in the config
 * (installed in the site's node_modules: here, the repository's). Pages with math get
 * KaTeX's stylesheet and fonts; pages without do not.
 */
let site: string;
let build: ReturnType<typeof docgen>;

beforeAll(() => {
  site = copyFixture('basic');
  symlinkSync(path.join(repoRoot, 'node_modules'), path.join(site, 'node_modules'));
  write(site, 'site.config.ts', `import { defineConfig } from 'docgen';
import remarkMath from 'remark-math';
import rehypeKatex from 'rehype-katex';
export default defineConfig({ title: 'Matemática', markdown: { remarkPlugins: [remarkMath], rehypePlugins: [rehypeKatex] } });
`);
  write(site, 'content/docs/formulas.mdx', '---\ntitle: Fórmulas\n---\n\nA energia é $E = mc^{2}$ e a soma:\n\n$$\n\\\\sum_{i=1}^{n} i = \\\\frac{n(n+1)}{2}\n$$\n');
  build = docgen(['build', site]);
}, 120_000);

describe('math with remark-math and rehype-katex', () => {
  it('renders inline and display math with KaTeX at build time', () => {
    expect(build.code).toBe(0);
    const html = read(site, 'build/docs/formulas/index.html');
    expect(html.match(/<span class="katex">/g)).toHaveLength(2);
    expect(html).toContain('<span class="katex-display">');
    expect(html).toContain('<annotation encoding="application/x-tex">E = mc^{2}</annotation>');
  });

  it('gives pages with math KaTeX\'s stylesheet and fonts, and no other page', () => {
    const html = read(site, 'build/docs/formulas/index.html');
    const css = [...html.matchAll(/<link rel="stylesheet" href="\/(assets\/r\/[^"]+\.css)">/g)].map((m) => m[1]);
    expect(css).toHaveLength(1);
    const text = read(site, `build/${css[0]}`);
    expect(text).toContain('.katex');
    const font = /url\("?\/(assets\/media\/KaTeX_Main-Regular-[\w-]+\.woff2)"?\)/.exec(text);
    expect(font).not.toBeNull();
    expect(existsSync(path.join(site, 'build', font![1]))).toBe(true);
    expect(read(site, 'build/docs/intro/index.html')).not.toMatch(/assets\/r\/[^"]+\.css/);
  });
});
