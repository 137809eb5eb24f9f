import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { copyFixture, docgen, read, write } from '../helpers.js';

/**
 * A site written the Docusaurus way (cli/test/fixtures/docusaurus): theme components and
 * @docusaurus/* APIs imported as Docusaurus documents them, a swizzled MDXComponents,
 * partials, npm2yarn, magic comments. Built once for real; assertions read the HTML.
 */
let site: string;
let build: ReturnType<typeof docgen>;
const page = (route: string) => read(site, `build${route}/index.html`);
const main = (route: string) => /<main[\s\S]*?<\/main>/.exec(page(route))![0];

beforeAll(() => {
  site = copyFixture('docusaurus');
  build = docgen(['build', site]);
}, 120_000);

describe('a Docusaurus-style site', () => {
  it('builds without warnings', () => {
    expect(build.output).toMatch(/Built 9 routes/);
    expect(build.code).toBe(0);
    expect(build.output).toContain('0 warnings');
  });

  it('global components from the swizzled MDXComponents use the @docusaurus client APIs', () => {
    const html = main('/docs/intro');
    expect(html).toContain('data-site="Fixture Docusaurus" data-tagline="Componentes e APIs do Docusaurus" data-dom="false"');
    expect(html).toContain('<img src="/img/logo.svg"'); // useBaseUrl
    expect(html).toContain('<a href="/docs/intro" class="destaque__link">Ir para <b>intro</b></a>'); // Link to=, Translate values
    expect(html).toContain('<span class="destaque__rotulo">Modo light</span>'); // translate() + useColorMode
    expect(html).toMatch(/destaque__interno">true(<!-- -->)?\/(<!-- -->)?false</); // isInternalUrl
    expect(html).toContain('<span class="destaque__ambiente">servidor</span>'); // useIsBrowser on the server
    expect(html).toContain('<span class="destaque__so">carregando</span>'); // BrowserOnly fallback
  });

  it('Tabs: ARIA tabs, the default tab selected, lazy panels not rendered, values labels', () => {
    const html = main('/docs/abas');
    const lists = html.match(/<ul role="tablist"[\s\S]*?<\/ul>/g)!;
    expect(lists).toHaveLength(4);
    expect(lists[0]).toMatch(/<li role="tab"[^>]*aria-selected="true" tabindex="0"[^>]*>macOS<\/li>/);
    expect(lists[0]).toMatch(/<li role="tab"[^>]*aria-selected="false" tabindex="-1"[^>]*>Linux<\/li>/);
    expect(lists[1]).toMatch(/aria-selected="true"[^>]*>Linux</);
    expect(lists[2]).toMatch(/aria-selected="true"[^>]*>Segunda</);
    expect(html).toContain('Conteúdo B.');
    expect(html).not.toContain('Conteúdo A.');
    expect(html).toMatch(/<div role="tabpanel"[^>]*hidden=""[^>]*>Use o terminal do Linux.<\/div>/);
  });

  it('npm2yarn: npm, Yarn and pnpm tabs with converted commands', () => {
    const html = main('/docs/abas');
    expect(html).toMatch(/>npm<\/li><li[^>]*>Yarn<\/li><li[^>]*>pnpm<\/li>/);
    expect(html).toContain('npm install --save pacote-exemplo');
    expect(html).toContain('yarn add pacote-exemplo');
    expect(html).toContain('pnpm add pacote-exemplo');
  });

  it('code blocks: magic comments removed and marking lines, ranges, line numbers, title, CodeBlock and ThemedImage defaults; required images and imported SVGs', () => {
    const html = main('/docs/codigo');
    expect(html).not.toContain('highlight-');
    expect(html).toMatch(/<div class="dg-codeblock__title">soma.js<\/div>/);
    expect(html.match(/dg-line dg-line--highlighted/g)!.length).toBe(4 + 3 + 1);
    expect(html).toMatch(/<span class="dg-line dg-line--highlighted" data-line="10">/);
    expect(html).toMatch(/<span class="dg-line" data-line="11">/);
    expect(html).toMatch(/<div class="dg-codeblock__title">ola.py<\/div><div class="dg-code"><pre tabindex="0"><code class="language-python dg-code--numbered">/);
    expect(html).toMatch(/<img src="\/img\/logo.svg" class=" ?dg-themed--light" alt="Logo"\/><img src="\/img\/escuro.svg" class=" ?dg-themed--dark" alt="Logo"\/>/);
    expect(html).toContain('<span class="destaque__texto">Dentro de mdx-code-block</span>');
    // require('./img.png').default, as Docusaurus docs write it: the URL the browser bundle uses.
    const required = /<img src="(\/assets\/media\/foto-\w+\.png)" alt="Por require"/.exec(html);
    expect(required).not.toBeNull();
    expect(existsSync(path.join(site, 'build', required![1]))).toBe(true);
    // An imported SVG is a component rendering the file inline (Docusaurus's SVGR).
    expect(html).toContain('<svg xmlns="http://www.w3.org/2000/svg" width="16" height="16" class="figura-inline" aria-label="Figura inline"><rect width="16" height="16" fill="#1a7f5a"/></svg>');
  });

  it('partials: rendered in place, nested, with their links, images and admonitions resolved', () => {
    const html = main('/docs/parciais');
    expect(html).toMatch(/<p>Antes do trecho.<\/p>\s*<h2 id="seção-do-trecho" class="dg-anchor">Seção do trecho<a[^>]*><span aria-hidden="true">#<\/span><\/a><\/h2>\s*<p>Trecho compartilhado com <a href="\/docs\/intro">link para a introdução<\/a>/);
    const img = /<img src="(\/assets\/img\/figura-[0-9a-f]+\.svg)" alt="Figura"\/>/.exec(html);
    expect(img).not.toBeNull();
    expect(existsSync(path.join(site, 'build', img![1]))).toBe(true);
    expect(html).toContain('dg-admonition--tip');
    expect(html).toMatch(/<p>Texto do trecho <strong>aninhado<\/strong>.<\/p>\s*<h2 id="depois"/);
    // Their headings are in the page's TOC where they are rendered (the sidebar TOC and the
    // `toc` export TOCInline reads), as in Docusaurus.
    const tocIds = (list: string) => [...list.matchAll(/href="#([^"]+)"/g)].map((m) => m[1]);
    expect(tocIds(/<div class="dg-toc">[\s\S]*?<\/nav>/.exec(html)![0])).toEqual(['antes', 'seção-do-trecho', 'subseção-aninhada', 'depois']);
    expect(tocIds(/<div class="dg-toc-inline[\s\S]*?<\/div>/.exec(html)![0])).toEqual(['antes', 'seção-do-trecho', 'subseção-aninhada', 'depois']);
    // Files starting with '_' are not pages.
    expect(readdirSync(path.join(site, 'build/docs'))).not.toContain('_trecho');
  });

  it('headings: the body\'s # title is the one h1, JSX-first ids as Docusaurus slugs them, custom ids, permalinks h2–h4', () => {
    const html = main('/docs/titulos');
    expect(html.match(/<h1/g)).toHaveLength(1);
    expect(html).toContain('<h1 id="título-escrito-pelo-autor">Título escrito pelo autor</h1>');
    expect(page('/docs/titulos')).toContain('<title>Título do front matter');
    expect(html).toMatch(/<h2 id="-começa-com-jsx" class="dg-anchor">/);
    expect(html).toMatch(/<h2 id="id-proprio" class="dg-anchor">Id próprio<a href="#id-proprio" class="dg-hash-link hash-link" aria-labelledby="dg-heading-link-label id-proprio"><span aria-hidden="true">#<\/span><\/a><\/h2>/);
    expect(html).toMatch(/<h4 id="nível-quatro" class="dg-anchor">/);
    expect(html).toContain('<span id="dg-heading-link-label" hidden="">Link direto para</span>');
    expect(html).toMatch(/<h2 id="por-componente" class="dg-anchor">Título por componente<a href="#por-componente"/); // @theme/Heading
    // A page without a # title in the body keeps the theme's h1 (the front matter title).
    expect(main('/docs/abas')).toMatch(/<h1>Abas<\/h1>/);
  });

  it('TOCInline lists the page headings between the levels asked for; Details and Admonition imports render', () => {
    const html = main('/docs/titulos');
    const [first, second] = html.match(/<div class="dg-toc-inline table-of-contents">[\s\S]*?<\/div>/g)!;
    expect(first).toContain('href="#id-proprio"');
    expect(first).toContain('href="#subseção"');
    expect(first).not.toContain('nível-quatro');
    expect(second).not.toContain('id-proprio');
    expect(second).toContain('href="#nível-quatro"');
    expect(html).toContain('<details class="dg-details"><summary>Mais detalhes</summary><div class="dg-details__content">');
    expect(html).toContain('<details class="dg-details"><summary>Resumo do componente</summary>');
    expect(html).toContain('dg-admonition--info');
  });

  it('@theme/Layout in a page component renders its children inside docgen\'s layout', () => {
    expect(main('/sobre')).toContain('<p class="sobre">Uma página React que usa @theme/Layout.</p>');
  });

  it('components load with the pages that use them: Tabs code and CSS only in that route', () => {
    const assets = readdirSync(path.join(site, 'build/assets/r'));
    const abas = assets.filter((f) => f.startsWith('docs-abas-'));
    expect(abas.some((f) => f.endsWith('.css'))).toBe(true);
    const app = readdirSync(path.join(site, 'build/assets')).find((f) => /^app-.*\.js$/.test(f))!;
    expect(read(site, `build/assets/${app}`)).not.toContain('docusaurus.tab.');
  });
});

describe('mermaid (markdown.mermaid)', () => {
  it('the page has the diagram source, and only its chunk loads mermaid, lazily', () => {
    const html = main('/docs/diagrama');
    expect(html).toMatch(/<div class="dg-mermaid dg-mermaid--source"><pre>graph LR;\n {2}Pedido--&gt;Aprovado;/);
    const routeChunks = readdirSync(path.join(site, 'build/assets/r')).filter((f) => f.endsWith('.js'));
    const lazy = /import\("[^"]*\/chunks\/mermaid\.core-[^"]+\.js"\)/;
    expect(routeChunks.filter((f) => lazy.test(read(site, `build/assets/r/${f}`)))).toEqual([expect.stringMatching(/^docs-diagrama-/)]);
    // A dynamic import only: no page preloads mermaid, and the app does not reference it.
    for (const route of ['/docs/diagrama', '/docs/intro']) expect(page(route)).not.toContain('mermaid.core');
    const app = readdirSync(path.join(site, 'build/assets')).find((f) => /^app-.*\.js$/.test(f))!;
    expect(read(site, `build/assets/${app}`)).not.toContain('mermaid');
  });
});

describe('imports docgen cannot provide', () => {
  const failing = (file: string, text: string) => {
    const s = copyFixture('docusaurus');
    write(s, file, text);
    return docgen(['build', s]);
  };

  it('an unsupported @docusaurus module names the import, the page and the line', () => {
    const r = failing('content/docs/roteador.mdx', '# Roteador\n\nimport { useRouteContext } from \'@docusaurus/useRouteContext\';\n\nTexto.\n');
    expect(r.code).toBe(1);
    expect(r.output).toMatch(/content\/docs\/roteador\.mdx:3:\d+.*docgen does not provide "@docusaurus\/useRouteContext"\. Supported @docusaurus imports: @docusaurus\/Link, /);
    expect(r.output).not.toMatch(/theme\/src|@docgen\/theme/);
  });

  it('an unsupported @docusaurus module in a site component names that file and line', () => {
    const r = failing('src/components/Destaque.tsx', `${read(copyFixture('docusaurus'), 'src/components/Destaque.tsx')}\nimport ComponentCreator from '@docusaurus/ComponentCreator';\nexport const dados = ComponentCreator;\n`);
    expect(r.code).toBe(1);
    expect(r.output).toMatch(/src\/components\/Destaque\.tsx:\d+:\d+.*docgen does not provide "@docusaurus\/ComponentCreator"/);
  });

  it('an unknown @theme component is named as written', () => {
    const r = failing('content/docs/cartoes.mdx', 'import IdealImage from \'@theme/IdealImage\';\n\n<IdealImage img="x.png" />\n');
    expect(r.code).toBe(1);
    expect(r.output).toMatch(/content\/docs\/cartoes\.mdx:1:\d+.*docgen's theme has no "@theme\/IdealImage"\. Theme components a page can import: @theme\/Admonition, /);
    expect(r.output).not.toMatch(/components\/IdealImage\/index\.tsx/);
  });

  it("a theme part docgen has only in its own form (no Docusaurus default export) is named as written, not by the theme's file", () => {
    const r = failing('content/docs/barra.mdx', '# Barra\n\nimport Navbar from \'@theme/Navbar\';\n\n<Navbar />\n');
    expect(r.code).toBe(1);
    expect(r.output).toMatch(/content\/docs\/barra\.mdx:3:\d+.*docgen's theme has no "@theme\/Navbar"\. Theme components a page can import: /);
    expect(r.output).not.toMatch(/theme\/src\/components/);
  });

  it('a problem inside a partial is reported at the page\'s import, naming the partial\'s own line', () => {
    const s = copyFixture('docusaurus');
    write(s, 'content/docs/_quebrado.mdx', 'Texto.\n\n![Falta](./img/nao-existe.png)\n');
    write(s, 'content/docs/com-trecho.mdx', '# Com trecho\n\nimport Quebrado from \'./_quebrado.mdx\';\n\n<Quebrado />\n');
    const r = docgen(['build', s]);
    expect(r.code).toBe(1);
    expect(r.output).toMatch(/content\/docs\/com-trecho\.mdx:3:1.*In partial content\/docs\/_quebrado\.mdx:3:1: Image "\.\/img\/nao-existe\.png" not found/);
  });

  it('a missing partial is an error at its import', () => {
    const r = failing('content/docs/sem-trecho.mdx', 'Texto.\n\nimport Falta from \'./_falta.mdx\';\n\n<Falta />\n');
    expect(r.code).toBe(1);
    expect(r.output).toMatch(/content\/docs\/sem-trecho\.mdx:3:1.*Partial "\.\/_falta\.mdx" not found/);
  });
});
