import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { buildChanged, bootOf, docgen, read, buildFixture, type CliResult } from '../helpers.js';

/** What real Docusaurus sites take from webpack, built from an unchanged site root. */
describe('webpack habits of Docusaurus sites', () => {
  let site: string, out: string, result: CliResult;
  beforeAll(() => void ({ site, out, result } = buildFixture('docusaurus-quirks')));

  it('builds, with docusaurus-plugin-sass taken as supported and one warning for trailingSlash', () => {
    expect(result.code, result.output).toBe(0);
    expect(result.output.split('\n').filter((l) => l.startsWith('warning docusaurus.config.js'))).toEqual([
      'warning docusaurus.config.js: trailingSlash: true is partly supported: relative links in pages resolve from "<page>/", as in Docusaurus, but docgen writes URLs without a trailing slash (docgen serve answers both forms)',
    ]);
  });

  it('a second docs instance (wiki) is published under the baseUrl, translated from i18n/<locale>/docusaurus-plugin-content-docs-wiki/current', () => {
    expect(read(out, 'wiki/page/index.html')).toContain('The wiki, a second docs instance.');
    expect(read(out, 'pt-BR/wiki/page/index.html')).toContain('Traduzida.');
    expect(result.output).not.toContain('/guide/wiki/page →');
  });

  it("trailingSlash: true resolves a page's relative links from '<page>/', as the browser does on Docusaurus's URL", () => {
    const html = read(out, 'docs/guides/index.html');
    expect(html).toContain('<a href="/guide/docs/guides/setup">setup</a>');
    expect(html).toContain('<a href="/guide/docs/guides/setup#options">its options</a>');
    expect(html).toContain('<a href="/guide/docs/intro">back</a>');
  });

  it("a .md link to another version's file goes to that version's page, as Docusaurus resolves any docs file", () => {
    expect(read(out, 'docs/guides/setup/index.html')).toContain('<a href="/guide/docs/1.0/legacy">the legacy setup</a>');
  });

  it('require(`@site/static${src}`) looks the file up at run time and gives its URL, as a webpack context module', () => {
    const html = read(out, 'docs/intro/index.html');
    const img = /<img class="thumbnail_\w+" src="\/guide\/(assets\/media\/flow-\w+\.png)" alt="Flow diagram"\/>/.exec(html);
    expect(img, html).not.toBeNull();
    expect(readFileSync(path.join(out, img![1]))).toEqual(readFileSync(path.join(site, 'static/img/diagrams/flow.png')));
  });

  it("an <img> src written with the baseUrl is the static file; one docgen cannot find keeps its src and only warns (Docusaurus leaves JSX images as written)", () => {
    const html = read(out, 'docs/images/index.html');
    expect(html).toMatch(/<img src="\/guide\/assets\/img\/flow-[\w-]+\.png" alt="written with the baseUrl"/);
    expect(html).toContain('<img src="/img/diagrams/gone.png" alt="not there"');
    expect(result.output).toContain('warning docs/images.mdx:5:1: Image "/img/diagrams/gone.png" not found.');
  });

  it('a context lookup of a file that does not exist names the module, and the page', () => {
    const { result: r } = buildChanged('docusaurus-quirks', { 'docs/intro.mdx': (t) => t.replace('/img/diagrams/flow.png', '/img/diagrams/missing.png') });
    expect(r.code).toBe(1);
    expect(r.output).toContain("Rendering /guide/docs/intro failed: Cannot find module '@site/static/img/diagrams/missing.png'");
  });

  it("docusaurus-theme-github-codeblock's `reference` fences: the file's lines are fetched in the browser ('loading...' until then), titled with its path, linked", () => {
    const html = read(out, 'docs/reference/index.html');
    expect(html).toContain('<div class="dg-codeblock__title">app/main.go</div>');
    expect(html).toContain('<code class="language-go"><span class="dg-line">loading...</span></code>');
    expect(html).toContain('<a href="https://github.com/example/project/blob/v1.2.0/app/main.go#L3-L5" target="_blank" rel="noopener noreferrer">See full example on GitHub</a>');
    expect(html).toContain('<div class="dg-codeblock__title">The entry point</div>');
    expect(html).toContain('<span class="hljs-comment">// an ordinary fence stays highlighted code</span>');
  });

  it('!!raw-loader!./file gives the file\'s text as the default export', () => {
    const html = read(out, 'docs/raw/index.html');
    expect(html).toContain('<div class="dg-codeblock__title">example.ts</div>');
    expect(html).toContain('// shown as text, never run');
    expect(html).toContain('export const answer: number = 42;');
  });

  const stylesheets = () => [...readdirSync(path.join(out, 'assets'), { recursive: true })].map(String).filter((f) => f.endsWith('.css')).map((f) => read(out, `assets/${f}`)).join('\n');

  it('compiles Sass: the customCss .scss file, and a .module.scss as a CSS module', () => {
    const css = stylesheets();
    expect(css).toContain('.quirks-marker{color:#215f3d}');
    const card = /<div class="(card_\w+)"><p class="(title_\w+)">A card styled by a Sass module<\/p><\/div>/.exec(read(out, 'docs/raw/index.html'));
    expect(card).not.toBeNull();
    expect(css).toContain(`.${card![1]}{padding:24px}.${card![1]} .${card![2]}{margin:0}`);
  });

  it('CSS modules: the server HTML and the minified stylesheet name each class the same; :global() and at-rules kept', () => {
    const cls = /<img class="(thumbnail_\w+)"/.exec(read(out, 'docs/intro/index.html'))![1];
    const suffix = cls.slice('thumbnail_'.length);
    const css = stylesheets();
    expect(css).toContain(`.${cls}:not(.wide_${suffix}){max-width:50%}`);
    expect(css).toContain(`.theme-dark .${cls}{border-color:#333}`);
    expect(css).toContain(`@media (min-width: 996px){.wide_${suffix}{width:100%}}`);
    expect(css).toContain(`url("data:image/svg+xml;utf8,<svg xmlns='http://www.w3.org/2000/svg'/>")`);
  });

  it('@theme/TOCItems lists the page headings with the class names a TOC swizzle passes', () => {
    expect(read(out, 'docs/raw/index.html')).toContain('<ul class="table-of-contents table-of-contents__left-border"><li><a href="#first-section" class="quirks-toc-link">First section</a><ul><li><a href="#a-subsection" class="quirks-toc-link">A subsection</a></li></ul></li><li><a href="#second-section" class="quirks-toc-link">Second section</a></li></ul>');
  });

  it('a Sass error names the stylesheet, line and column; a raw-loader import of a missing file names it', () => {
    const { result: r } = buildChanged('docusaurus-quirks', {
      'src/components/Card/card.module.scss': (t) => t.replace('$gap * 2', '$missing * 2'),
      'docs/raw.mdx': (t) => t.replace('./_snippets/example.ts', './_snippets/nope.ts'),
    });
    expect(r.code).toBe(1);
    expect(r.output).toMatch(/src\/components\/Card\/card\.module\.scss:4:\d+: Sass: Undefined variable\./);
    expect(r.output).toContain('Could not find "./_snippets/nope.ts" (imported with raw-loader)');
  });

  it("reads sidebar labels from i18n/<locale>/docusaurus-plugin-content-docs/current.json (the autogenerated sidebar is 'defaultSidebar')", () => {
    const pt = read(out, 'pt-BR/docs/guides/setup/index.html');
    expect(pt).toContain('Guias');
    expect(pt).not.toContain('Guides');
    expect(bootOf(pt).page.breadcrumbs.map((b: { title: string }) => b.title)).toEqual(['Guias', 'Setup']);
    expect(read(out, 'docs/guides/setup/index.html')).toContain('Guides');
  });

  it('a malformed translation file is named with its line and column', () => {
    const { result: r } = buildChanged('docusaurus-quirks', { 'i18n/pt-BR/docusaurus-plugin-content-docs/current.json': '{\n  "sidebar.defaultSidebar.category.Guides": "Guias"\n}\n' });
    expect(r.code).toBe(1);
    expect(r.output).toContain('i18n/pt-BR/docusaurus-plugin-content-docs/current.json:2:3: "sidebar.defaultSidebar.category.Guides": expected { "message": "<text>" }, received "Guias"');
  });

  it("a site MDXComponents map's `code` renders code blocks (one <pre>), and its `Admonition` leaves ::: blocks to the theme", () => {
    const html = read(out, 'docs/overrides/index.html');
    expect(html).toContain('<pre class="site-code hljs language-js"><code>');
    expect(html.match(/<pre/g)).toHaveLength(1);
    expect(html).toContain('dg-admonition--tip');
    expect(html).not.toContain('site-admonition');
    expect(html).toContain('<p>Some <code>inline</code> code.</p>');
  });
});
