import { readdirSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { extractLinks, findBrokenLinks } from '../../src/output/check-links.js';
import { buildChanged, copyFixture, docgen, read, write } from '../helpers.js';

describe('link checker (pure)', () => {
  const page = (route: string, html: string) => extractLinks(route, html);
  const pages = [
    page('/docs/a', '<a href="/docs/b#ok">x</a><a href="/docs/b#missing">y</a><a href="/docs/nope">z</a><a href="https://x.y/">e</a><a href="b">rel</a><a href="#here">h</a><h2 id="here"></h2>'),
    page('/docs/b', '<h2 id="ok">ok</h2><a href="/docs/a.html">html form</a><a href="/docs/a/index.html">index form</a><a href="/img/x.png">file</a><a href="/docs">redirect</a>'),
  ];
  const broken = findBrokenLinks({ pages, files: new Set(['/img/x.png']), redirects: { '/docs': '/docs/a' } });

  it('finds missing pages and missing anchors, and nothing else', () => {
    expect(broken).toEqual([
      { source: '/docs/a', href: '/docs/b#missing', reason: 'no element with id "missing" on /docs/b', kind: 'anchor' },
      { source: '/docs/a', href: '/docs/nope', reason: 'no page or file at this path', kind: 'link' },
    ]);
  });

  it('reports a link on every page that has it, and judges a relative link from each page', () => {
    const layout = '<a href="/docs/gone">sidebar</a><a href="c">relative</a>';
    const found = findBrokenLinks({
      pages: [page('/docs/a', layout), page('/docs/sub/b', layout), page('/docs/c', ''), page('/docs/sub/c', '')],
      files: new Set(),
      redirects: {},
    });
    expect(found.map((b) => `${b.source} ${b.href}`)).toEqual(['/docs/a /docs/gone', '/docs/sub/b /docs/gone']);
    const relative = findBrokenLinks({ pages: [page('/docs/a', layout), page('/docs/sub/b', layout), page('/docs/c', '')], files: new Set(), redirects: {} });
    expect(relative.map((b) => `${b.source} ${b.href}`)).toEqual(['/docs/a /docs/gone', '/docs/sub/b /docs/gone', '/docs/sub/b c']);
  });
});

describe('link checking in a build', () => {
  it('fails on a broken link and a broken anchor with --strict-links, grouped by page with file:line:column', () => {
    const site = copyFixture('basic');
    expect(docgen(['build', site]).code).toBe(0);
    const before = read(site, 'build/index.html');
    write(site, 'content/docs/quebrado.md', '---\ntitle: Quebrado\n---\n\nUm [link perdido](/docs/nao-existe).\n\nE uma [âncora](/docs/intro#nao-tem).\n');
    const r = docgen(['build', site, '--strict-links']);
    expect(r.code).toBe(1);
    expect(r.output).toContain('Found 2 broken links');
    expect(r.output).toContain('On /docs/quebrado (content/docs/quebrado.md):');
    expect(r.output).toContain('/docs/nao-existe → no page or file at this path [content/docs/quebrado.md:5:4]');
    expect(r.output).toContain('/docs/intro#nao-tem → no element with id "nao-tem" on /docs/intro [content/docs/quebrado.md:7:7]');
    expect(read(site, 'build/index.html')).toBe(before);
  });

  it('fails because of onBrokenLinks: throw even without the flag, and only warns under warn', () => {
    const site = copyFixture('basic');
    write(site, 'content/docs/quebrado.md', '---\ntitle: Quebrado\n---\n\nUm [link perdido](/docs/nao-existe).\n');
    expect(docgen(['build', site]).code).toBe(1);
    write(site, 'site.config.ts', read(site, 'site.config.ts').replace("onBrokenLinks: 'throw'", "onBrokenLinks: 'warn'"));
    const r = docgen(['build', site]);
    expect(r.code).toBe(0);
    expect(r.output).toContain('warning Found 1 broken link');
    expect(docgen(['build', site, '--strict-links']).code).toBe(1);
  });

  it("onBrokenAnchors: 'warn' only warns about a missing #anchor while a missing page still fails; --strict-links fails on both", () => {
    const site = copyFixture('basic');
    write(site, 'site.config.ts', read(site, 'site.config.ts').replace("onBrokenLinks: 'throw',", "onBrokenLinks: 'throw',\n  onBrokenAnchors: 'warn',"));
    write(site, 'content/docs/ancora.md', '---\ntitle: Âncora\n---\n\nUma [âncora](/docs/intro#nao-tem).\n');
    const warned = docgen(['build', site]);
    expect(warned.code).toBe(0);
    expect(warned.output).toContain('/docs/intro#nao-tem → no element with id "nao-tem" on /docs/intro');
    expect(docgen(['build', site, '--strict-links']).code).toBe(1);
    write(site, 'content/docs/quebrado.md', '---\ntitle: Quebrado\n---\n\nUm [link perdido](/docs/nao-existe).\n');
    const failed = docgen(['build', site]);
    expect(failed.code).toBe(1);
    expect(failed.output).toContain('Found 2 broken links'); // the warned anchor is listed with the failing link
  });

  it('flags a navbar link broken on every page as a probable config problem', () => {
    const { result: r } = buildChanged('basic', { 'site.config.ts': (t) => t.replace("{ to: '/markdown-page', label: 'Página' }", "{ to: '/pagina-sumida', label: 'Página' }") });
    expect(r.code).toBe(1);
    expect(r.output).toContain('/pagina-sumida → no page or file at this path [in the layout (navbar, sidebar or footer)] — on 5+ pages: probably a navbar or footer link in site.config.ts');
  });

  it('warns about a relative .md link to a missing file, then fails on it as a broken link under --strict-links', () => {
    const { result: r } = buildChanged('basic', { 'content/docs/md-link.md': '---\ntitle: Md\n---\n\nVeja [outro](./nao-existe.md).\n' }, ['--strict-links']);
    expect(r.output).toMatch(/warning content\/docs\/md-link\.md:5:6: Broken markdown link "\.\/nao-existe\.md"/);
    // The link ships as written, a 404: the rendered-link check judges it like any other.
    expect(r.output).toContain('./nao-existe.md → no page or file at this path [content/docs/md-link.md:5:6]');
    expect(r.code).toBe(1);
  });

  it('a page with bad front matter is reported once, not as a broken markdown link in the pages pointing at it', () => {
    const { result: r } = buildChanged('basic', {
      'content/docs/alvo.md': '---\ntitle: [sem fechar\n---\n\nTexto.\n',
      'content/docs/origem.md': '---\ntitle: Origem\n---\n\nVeja [o alvo](./alvo.md).\n',
    });
    expect(r.code).toBe(1);
    expect(r.output).toMatch(/content\/docs\/alvo\.md:\d+:\d+/);
    expect(r.output).not.toContain('Broken markdown link');
  });

  it('the atomic swap: a build failing at the last stage leaves no partial output and no temp folders', () => {
    const site = copyFixture('basic');
    expect(docgen(['build', site]).code).toBe(0);
    const before = read(site, 'build/docs/intro/index.html');
    write(site, 'content/docs/intro.md', read(site, 'content/docs/intro.md').replace('## Seção dois', 'Novo texto [quebrado](/x)\n\n## Seção dois'));
    const r = docgen(['build', site]);
    expect(r.code).toBe(1);
    expect(r.output).toMatch(/✔ render html/); // it got as far as rendering
    expect(read(site, 'build/docs/intro/index.html')).toBe(before);
    expect(readdirSync(site).filter((f) => /\.(tmp|old)-/.test(f))).toEqual([]);
  });
});
