import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { bootOf, copyFixture, docgen, read, write, buildFixture, type CliResult } from '../helpers.js';

/** One real build of the basic fixture, inspected from the outside. */
describe('docgen build of a Docusaurus-style site', () => {
  let site: string, out: string, result: CliResult;
  beforeAll(() => void ({ site, out, result } = buildFixture('basic')));

  it('succeeds and prints one line per stage and a summary', () => {
    expect(result.code).toBe(0);
    for (const stage of ['load config', 'read content', 'compile mdx', 'bundle server', 'bundle client', 'render html', 'check links', 'write output']) {
      expect(result.stdout).toMatch(new RegExp(`✔ ${stage}\\s+\\d`));
    }
    // One count of routes, the same in the stage line and the summary.
    const read = /read content .* (\d+) routes, (\d+) redirects/.exec(result.stdout)!;
    expect(result.stdout).toMatch(new RegExp(`Built ${read[1]} routes \\(4 docs, 2 pages\\) and ${read[2]} redirects? in .*, 0 warnings`));
    expect(Number(read[1])).toBeGreaterThan(5);
  });

  it('strips number prefixes from ids and URLs, keeps accents in folder slugs', () => {
    expect(existsSync(path.join(out, 'docs/guia/instalar/index.html'))).toBe(true);
    expect(existsSync(path.join(out, 'docs/referência/api/index.html'))).toBe(true);
  });

  it('generates category index pages whose slugs keep accents, listing their items as cards', () => {
    const html = read(out, 'docs/category/guia-rápido/index.html');
    const { page } = bootOf(html);
    expect(page.kind).toBe('category');
    expect(page.description).toBe('Os primeiros passos.');
    expect(page.cards.map((c: { label: string }) => c.label)).toEqual(['Instalar', 'Passos']);
    expect(existsSync(path.join(out, 'docs/category/referência-técnica/index.html'))).toBe(true);
  });

  it('autogenerates tutorialSidebar in position order with category links', () => {
    const boot = bootOf(read(out, 'docs/intro/index.html'));
    const sidebar = JSON.parse(read(out, boot.sidebar.slice(1)));
    expect(sidebar.map((i: { label: string }) => i.label)).toEqual(['Introdução ao fixture', 'Guia rápido', 'Referência técnica']);
    expect(sidebar[1]).toMatchObject({ type: 'category', href: '/docs/category/guia-rápido', collapsed: true });
    expect(sidebar[1].items.map((i: { href: string }) => i.href)).toEqual(['/docs/guia/instalar', '/docs/guia/primeiros-passos']);
  });

  it('takes the title from the first heading and builds breadcrumbs, TOC 2–3 and prev/next', () => {
    const { page } = bootOf(read(out, 'docs/guia/instalar/index.html'));
    expect(page.breadcrumbs).toEqual([
      { title: 'Guia rápido', href: '/docs/category/guia-rápido' },
      { title: 'Instalar', href: '/docs/guia/instalar' },
    ]);
    expect(page.prev).toEqual({ title: 'Guia rápido', href: '/docs/category/guia-rápido' });
    expect(page.next).toEqual({ title: 'Passos', href: '/docs/guia/primeiros-passos' });
    const intro = bootOf(read(out, 'docs/intro/index.html')).page;
    expect(intro.title).toBe('Introdução ao fixture');
    expect(intro.toc).toEqual([
      { id: 'secao-dois', value: 'Seção dois', level: 2 },
      { id: 'subseção', value: 'Subseção', level: 3 },
    ]);
  });

  it('gives headings ids: {#custom-id}, accents kept, duplicates numbered', () => {
    expect(read(out, 'docs/intro/index.html')).toMatch(/<h2 id="secao-dois" class="dg-anchor">Seção dois<a href="#secao-dois"/);
    const steps = read(out, 'docs/guia/primeiros-passos/index.html');
    expect(steps).toContain('id="configuração"');
    expect(steps).toContain('id="configuração-1"');
  });

  it('compiles GFM, admonitions (both title syntaxes), code titles and highlighting', () => {
    const intro = read(out, 'docs/intro/index.html');
    expect(intro).toContain('<table>');
    expect(intro).toMatch(/type="checkbox"[^>]*checked/);
    expect(intro).toContain('href="https://example.com"');
    expect(intro).toMatch(/ex(<!-- -->)?:emplo/); // a stray directive stays text
    const install = read(out, 'docs/guia/instalar/index.html');
    expect(install).toContain('Dica antiga');
    expect(install).toContain('Atenção');
    expect(install).toContain('dg-codeblock__title');
    expect(install).toContain('config.js');
    expect(install).toContain('hljs-keyword');
  });

  it('rewrites relative .md links to routes, anchors included', () => {
    expect(read(out, 'docs/intro/index.html')).toContain('href="/docs/guia/primeiros-passos#configura%C3%A7%C3%A3o"');
    expect(read(out, 'docs/guia/instalar/index.html')).toContain('href="/docs/intro#secao-dois"');
  });

  it('copies images with content hashes, relative and from content/static', () => {
    const install = read(out, 'docs/guia/instalar/index.html');
    const srcs = [...install.matchAll(/<img[^>]*src="([^"]+)"/g)].map((m) => m[1]);
    expect(srcs).toHaveLength(2);
    for (const src of srcs) {
      expect(src).toMatch(/^\/assets\/img\/(diagrama|logo)-[0-9a-f]{8}\.svg$/);
      expect(existsSync(path.join(out, src))).toBe(true);
    }
    expect(existsSync(path.join(out, 'img/logo.svg'))).toBe(true); // static files are copied as they are
  });

  it('renders pages from content/pages, the /docs redirect and a Portuguese not-found page', () => {
    expect(read(out, 'index.html')).toContain('<title>Início do fixture | Fixture Básico</title>');
    expect(bootOf(read(out, 'markdown-page/index.html')).page).toMatchObject({ kind: 'page', title: 'Página em Markdown' });
    expect(bootOf(read(out, 'markdown-page/index.html')).page.wide).toBeUndefined(); // the theme draws its title
    expect(read(out, 'markdown-page/index.html')).toContain('<h1>Página em Markdown</h1>');
    expect(bootOf(read(out, 'index.html')).page.wide).toBe(true);
    expect(read(out, 'docs/index.html')).toContain('url=/docs/intro');
    expect(read(out, '404.html')).toContain('Página não encontrada');
  });

  it('resolves doc navbar items to URLs and writes the manifest for docgen serve', () => {
    const { site: s } = bootOf(read(out, 'index.html'));
    expect(s.navbar.items).toEqual([
      { position: 'left', label: 'Tutorial', type: 'docSidebar', to: '/docs/intro', sidebarId: 'tutorialSidebar', activeSidebar: 'tutorialSidebar' },
      { position: 'right', label: 'Início', type: 'doc', to: '/docs/intro', docId: 'intro', activeSidebar: 'tutorialSidebar' },
      { type: 'default', position: 'right', label: 'Página', to: '/markdown-page' },
    ]);
    const manifest = JSON.parse(read(out, '.docgen/manifest.json'));
    expect(manifest).toMatchObject({ version: 1, baseUrl: '/', redirects: { '/docs': '/docs/intro' }, publicPrefix: '/__docgen/login/', auth: null });
    expect(manifest.routes).toContain('/docs/category/guia-rápido');
    expect(read(out, '.docgen/login.html')).not.toContain('Introdução ao fixture');
  });

  it('leaves no staging folders or spilled code behind', () => {
    expect(readdirSync(site).filter((f) => f.includes('.tmp-') || f.includes('.old-') || f.includes('.code-'))).toEqual([]);
  });
});

describe('theme component overrides', () => {
  it('replaces a theme component from src/theme/<Name>.tsx, which can wrap the original', () => {
    const site = copyFixture('basic');
    write(site, 'src/theme/Footer.tsx', `import { Footer as Original } from '@theme-original/Footer';
export function Footer() {
  return (<><div id="rodape-proprio">Rodapé da empresa</div><Original /></>);
}
`);
    const r = docgen(['build', site]);
    expect(r.code).toBe(0);
    const html = read(site, 'build/docs/intro/index.html');
    expect(html).toContain('<div id="rodape-proprio">Rodapé da empresa</div>');
    expect(html).toContain('v1.0.1'); // the original footer is still rendered inside
  });
});

describe('browser bundle', () => {
  it('runs the theme on preact/compat in the browser, React only on the server', () => {
    const site = copyFixture('basic');
    expect(docgen(['build', site]).code).toBe(0);
    const html = read(site, 'build/docs/intro/index.html');
    const scripts = [...html.matchAll(/<link rel="modulepreload" href="([^"]+)"/g)].map((m) => read(site, `build${m[1]}`)).join('\n');
    expect(scripts).not.toContain('react-dom.production'); // React's DOM renderer is not shipped
    expect(scripts).not.toMatch(/Minified React error/);
    expect(html).toContain('<article'); // while the HTML itself is React's prerender
  });
});
