import { renameSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { bootOf, copyFixture, docgen, read, write } from '../helpers.js';
import { devRefusal, eventually, portIsFree, startDev, type DevProcess } from './helpers/dev-process.js';
import { LiveChannel, type DevMessage, type Problem, type RouteUpdate } from './helpers/live-channel.js';

/**
 * `docgen dev` on a temporary copy of the basic fixture, through its real binary: pages are
 * served, the live-update channel reports edits, mistakes and their fixes, renames change the
 * sidebar, and Ctrl-C stops it cleanly. Every wait is bounded; nothing is timed.
 */
const INTRO = 'content/docs/intro.md';
const PASSOS = 'content/docs/01-guia/02-primeiros-passos.mdx';
const INSTALAR = 'content/docs/01-guia/01-instalar.md';
const API = 'content/docs/02-referência/api.md';

let site: string;
let dev: DevProcess;
let live: LiveChannel;

// new URL() encodes what a browser would (accents) and leaves %XX escapes as they are.
const get = (p: string) => fetch(new URL(p, dev.origin), { redirect: 'manual' });
const page = async (p: string) => {
  const res = await get(p);
  return { status: res.status, html: await res.text() };
};
const updatesOf = (m: DevMessage) => (m.type === 'update' ? (m.routes as RouteUpdate[]) : []);
const problemsOf = (m: DevMessage) => (m.problems as Problem[]) ?? [];
/** A problems message in which `file` has none left (other files' problems do not matter here). */
const clearedFor = (file: string) => (m: DevMessage) => m.type === 'problems' && !problemsOf(m).some((p) => p.file === file);

beforeAll(async () => {
  site = copyFixture('basic');
  dev = await startDev(site);
  live = await LiveChannel.connect(dev.origin);
});

afterAll(async () => {
  live?.close();
  await dev?.stop('SIGKILL');
});

describe('docgen dev', () => {
  it('serves every kind of route with the build\'s template, a dev client and no compile at start', async () => {
    expect(dev.output()).toMatch(/docgen dev ready in .* → http:\/\/127\.0\.0\.1:\d+\//);
    const intro = await page('/docs/intro');
    expect(intro.status).toBe(200);
    expect(intro.html).toContain('Introdução ao fixture');
    expect(intro.html).toContain('<script type="module" src="/__docgen/dev/client.js"></script>');
    const boot = bootOf(intro.html);
    expect(boot.page.toc.map((t: { id: string }) => t.id)).toContain('secao-dois');

    const chunk = await get(boot.chunk);
    expect(chunk.status).toBe(200);
    expect(chunk.headers.get('content-type')).toMatch(/javascript/);
    expect(await chunk.text()).toMatch(/export \{[^}]*as default|export default function MDXContent/);
    const sidebar = await (await get(boot.sidebar)).json();
    expect(JSON.stringify(sidebar)).toContain('/docs/guia/instalar');
    const manifest = await (await get(boot.manifest)).json();
    expect(Object.keys(manifest)).toEqual(expect.arrayContaining(['/docs/intro', '/docs/guia/primeiros-passos', '/']));

    // Search, as in a build; its index is built when first fetched.
    const search = await (await get(boot.searchIndex)).json();
    expect(search.pages.map((p: string[]) => p[0])).toEqual(expect.arrayContaining(['/docs/intro', '/docs/guia/primeiros-passos']));
    expect((await get(`/__docgen/dev/${search.pages[0][2]}`)).status).toBe(200);

    expect((await page('/')).html).toContain('Início do fixture'); // a page component's own title
    expect((await page('/docs/category/guia-rápido')).status).toBe(200);
    expect((await page('/markdown-page')).status).toBe(200);
    expect((await get('/docs')).headers.get('location')).toBe('/docs/intro');
    expect((await get('/docs/intro/')).status).toBe(301);
    expect((await get('/img/logo.svg')).status).toBe(200);
    const missing = await page('/nao-existe');
    expect(missing.status).toBe(404);
    expect(missing.html).toContain('Página não encontrada');
  });

  it('renders what docgen build renders: same layout HTML, page data and site data', async () => {
    const built = copyFixture('basic');
    expect(docgen(['build', built]).code).toBe(0);
    const rootOf = (html: string) => /<div id="__docgen">([\s\S]*?)<\/div>\s*<script id="__docgen_boot"/.exec(html)?.[1];
    for (const route of ['/', '/docs/intro', '/docs/guia/instalar', '/docs/category/guia-rápido', '/markdown-page']) {
      const fromBuild = readFileSync(path.join(built, 'build', route === '/' ? '' : route, 'index.html'), 'utf8');
      const fromDev = (await page(route)).html;
      expect(rootOf(fromDev), route).toBe(rootOf(fromBuild));
      expect(bootOf(fromDev).page, route).toEqual(bootOf(fromBuild).page);
      expect(bootOf(fromDev).site, route).toEqual(bootOf(fromBuild).site);
    }
    // Images the pages use are served where the build puts them.
    const image = /src="(\/assets\/img\/diagrama-[^"]+)"/.exec((await page('/docs/guia/instalar')).html)![1];
    expect((await get(image)).status).toBe(200);
  });

  it('shows an edit: the route recompiles and the channel names its new chunk', async () => {
    const from = live.mark();
    write(site, INTRO, read(site, INTRO).replace('Texto com **negrito**', 'Texto editado ao vivo'));
    const update = await live.next((m) => updatesOf(m).some((r) => r.path === '/docs/intro'), 15_000, 'an update of /docs/intro', from);
    const route = updatesOf(update).find((r) => r.path === '/docs/intro')!;
    expect(update.manifest).toMatch(/^\/__docgen\/dev\/routes\.json\?v=\d+$/);
    expect(await (await get(route.chunk)).text()).toContain('Texto editado ao vivo');
    expect((await page('/docs/intro')).html).toContain('Texto editado ao vivo');
    expect(dev.output()).toMatch(/✔ content\/docs\/intro\.md \d+ ms/);
  });

  it('renders a page again only when something it shows changed (a reload reuses its HTML)', async () => {
    const renders = async () => ((await (await get('/__docgen/dev/stats.json')).json()) as { renders: Record<string, number> }).renders['/docs/guia/instalar'] ?? 0;
    const first = (await page('/docs/guia/instalar')).html;
    const before = await renders();
    expect(before).toBeGreaterThan(0);
    expect((await page('/docs/guia/instalar')).html).toBe(first);
    expect(await renders()).toBe(before);

    const from = live.mark();
    write(site, INSTALAR, `${read(site, INSTALAR)}\nUm parágrafo salvo agora.\n`);
    await live.next((m) => updatesOf(m).some((r) => r.path === '/docs/guia/instalar'), 15_000, 'an update of /docs/guia/instalar', from);
    expect((await page('/docs/guia/instalar')).html).toContain('Um parágrafo salvo agora.');
    expect(await renders()).toBeGreaterThan(before);
  });

  it('reports an MDX syntax error at file:line:column in the terminal and on the channel, and keeps serving', async () => {
    expect((await page('/docs/guia/primeiros-passos')).html).toContain('Dois títulos iguais');
    const good = read(site, PASSOS);
    const from = live.mark();
    write(site, PASSOS, good.replace('Dois títulos iguais', 'Dois títulos {iguais'));
    const message = await live.next((m) => m.type === 'problems' && problemsOf(m).some((p) => p.file === PASSOS), 15_000, 'the syntax error', from);
    const problem = problemsOf(message).find((p) => p.file === PASSOS)!;
    expect(problem.line).toBe(12);
    expect(problem.column).toBeGreaterThan(1);
    expect(problem.message).toMatch(/MDX syntax error/);
    expect(problem.text).toBe(`${PASSOS}:${problem.line}:${problem.column}: ${problem.message}`);
    await eventually('the terminal line', () => dev.output().includes(problem.text));

    // The broken page keeps its last good version; every other page is untouched.
    const broken = await page('/docs/guia/primeiros-passos');
    expect(broken.status).toBe(200);
    expect(broken.html).toContain('Dois títulos iguais');
    expect((await page('/docs/intro')).status).toBe(200);
    expect((await page('/docs/guia/instalar')).status).toBe(200);
    // A page connecting now gets the problem at once (the overlay shows on load).
    const late = await LiveChannel.connect(dev.origin);
    expect(problemsOf(late.messages[0]).map((p) => p.text)).toContain(problem.text);
    late.close();

    // Fixing the file clears the problem and serves the fix, with no restart.
    const fixFrom = live.mark();
    write(site, PASSOS, good.replace('Dois títulos iguais', 'Dois títulos corrigidos'));
    await live.next(clearedFor(PASSOS), 15_000, 'the problem to clear', fixFrom);
    await live.next((m) => updatesOf(m).some((r) => r.path === '/docs/guia/primeiros-passos'), 15_000, 'the fixed page', fixFrom);
    expect((await page('/docs/guia/primeiros-passos')).html).toContain('Dois títulos corrigidos');
  });

  it('reports bad front matter with its line, keeps the last good page, and recovers', async () => {
    const good = read(site, API);
    const from = live.mark();
    write(site, API, good.replace('title: API', 'title: [API'));
    const message = await live.next((m) => m.type === 'problems' && problemsOf(m).some((p) => p.file === API), 15_000, 'the front matter error', from);
    const problem = problemsOf(message).find((p) => p.file === API)!;
    expect(problem.line).toBeGreaterThanOrEqual(2);
    expect(problem.message).toMatch(/front matter/i);
    expect((await page('/docs/referência/api')).html).toContain('Conteúdo da API.');

    const fixFrom = live.mark();
    write(site, API, good.replace('Conteúdo da API.', 'Conteúdo da API revisado.'));
    await live.next(clearedFor(API), 15_000, 'the problem to clear', fixFrom);
    await eventually('the fixed text', async () => (await page('/docs/referência/api')).html.includes('Conteúdo da API revisado.'));
  });

  it('reports a broken import with the line of the import', async () => {
    const good = read(site, PASSOS);
    const from = live.mark();
    write(site, PASSOS, good.replace('## Configuração', "import Nada from './nao-existe.js';\n\n## Configuração"));
    const message = await live.next((m) => m.type === 'problems' && problemsOf(m).some((p) => p.file === PASSOS), 15_000, 'the import error', from);
    const problem = problemsOf(message).find((p) => p.file === PASSOS)!;
    expect(problem.message).toMatch(/Could not resolve "\.\/nao-existe\.js"/);
    expect(problem.line).toBe(6);
    const fixFrom = live.mark();
    write(site, PASSOS, good);
    await live.next(clearedFor(PASSOS), 15_000, 'the problem to clear', fixFrom);
  });

  it('reports content that throws while rendering, on save, and clears it when fixed', async () => {
    const good = read(site, PASSOS);
    const from = live.mark();
    write(site, PASSOS, `${good}\n{(() => { throw new Error('falhou ao renderizar'); })()}\n`);
    const message = await live.next((m) => m.type === 'problems' && problemsOf(m).some((p) => p.file === PASSOS), 15_000, 'the render error', from);
    expect(problemsOf(message).find((p) => p.file === PASSOS)!.text).toBe(`${PASSOS}: Rendering /docs/guia/primeiros-passos failed: falhou ao renderizar`);
    expect((await page('/docs/intro')).status).toBe(200);
    const fixFrom = live.mark();
    write(site, PASSOS, good);
    await live.next(clearedFor(PASSOS), 15_000, 'the problem to clear', fixFrom);
  });

  it('warns about a broken link in the terminal', async () => {
    write(site, INTRO, `${read(site, INTRO)}\n[Quebrado](/docs/nao-existe) e [âncora](#nao-ha)\n`);
    await eventually('the intro page with the new links', async () => (await page('/docs/intro')).html.includes('Quebrado'));
    await eventually('the broken link warning', () => /warning Found 2 broken links[\s\S]*\/docs\/nao-existe[\s\S]*#nao-ha/.test(dev.output()));
  });

  it('warns on the linking page when a heading it points at is renamed', async () => {
    const good = read(site, PASSOS);
    write(site, PASSOS, good.replaceAll('## Configuração', '## Ajustes'));
    await eventually('the anchor warning on the intro page', () => /On \/docs\/intro \(content\/docs\/intro\.md\)[\s\S]*no element with id "configuração" on \/docs\/guia\/primeiros-passos/.test(dev.output()));
    write(site, PASSOS, good);
  });

  it('re-validates a changed site.config.ts: a mistake keeps the last good site, a valid change reloads the browser', async () => {
    const good = read(site, 'site.config.ts');
    const from = live.mark();
    write(site, 'site.config.ts', good.replace("title: 'Fixture Básico'", 'title: 42'));
    const message = await live.next((m) => m.type === 'problems' && problemsOf(m).some((p) => p.file === 'site.config.ts'), 15_000, 'the config error', from);
    expect(problemsOf(message).find((p) => p.file === 'site.config.ts')!.text).toMatch(/^site\.config\.ts \(title\): /);
    expect((await page('/docs/intro')).html).toContain('Fixture Básico');

    const fixFrom = live.mark();
    write(site, 'site.config.ts', good.replace("title: 'Fixture Básico'", "title: 'Fixture Renomeado'"));
    await live.next((m) => m.type === 'reload', 15_000, 'the reload', fixFrom);
    await live.next(clearedFor('site.config.ts'), 15_000, 'the config problem to clear', fixFrom);
    expect((await page('/docs/intro')).html).toContain('Fixture Renomeado');
  });

  it('moves a renamed page in the sidebar and drops its old route', async () => {
    const from = live.mark();
    renameSync(path.join(site, INSTALAR), path.join(site, 'content/docs/01-guia/01-instalacao.md'));
    const message = await live.next((m) => m.type === 'update' && (m.removed as string[]).includes('/docs/guia/instalar'), 15_000, 'the old route to go', from);
    const intro = updatesOf(message).find((r) => r.path === '/docs/intro');
    expect(intro?.sidebar).toBeTruthy();
    await eventually('the sidebar with the new route', async () => {
      const manifest = await (await get(message.manifest as string)).json();
      const sidebar = await (await get(manifest['/docs/intro'].sidebar)).text();
      return sidebar.includes('/docs/guia/instalacao') && !sidebar.includes('/docs/guia/instalar"');
    });
    expect((await page('/docs/guia/instalacao')).status).toBe(200);
    expect((await page('/docs/guia/instalar')).status).toBe(404);
  });

  it('rebuilds the sidebar when a _category_ file changes', async () => {
    const file = 'content/docs/02-referência/_category_.yml';
    const from = live.mark();
    write(site, file, read(site, file).replace('label: Referência técnica', 'label: Referência completa'));
    const message = await live.next((m) => updatesOf(m).some((r) => r.path === '/docs/intro'), 15_000, 'the sidebar update', from);
    const sidebar = updatesOf(message).find((r) => r.path === '/docs/intro')!.sidebar!;
    expect(await (await get(sidebar)).text()).toContain('Referência completa');
  });

  it('applies a saved code.json: the interface strings change and the browser reloads', async () => {
    const from = live.mark();
    write(site, 'content/i18n/pt-BR/code.json', JSON.stringify({ 'theme.TOCCollapsible.toggleButtonLabel': { message: 'Neste capítulo' } }));
    await live.next((m) => m.type === 'reload', 15_000, 'the reload', from);
    const html = (await page('/docs/intro')).html;
    expect(html).toContain('>Neste capítulo<');
    expect(html).not.toContain('>Nesta página<');
  });

  it('builds tag pages from front matter tags and rebuilds them when tags.yml changes', async () => {
    write(site, API, read(site, API).replace('---\n', '---\ntags: [referencia]\n'));
    const tagPage = await eventually('the new tag page', async () => {
      const p = await page('/docs/tags/referencia');
      return p.status === 200 && p.html;
    });
    expect(/<main[\s\S]*<\/main>/.exec(tagPage)?.[0]).toContain('Um documento marcado com &quot;referencia&quot;');
    write(site, 'content/docs/tags.yml', 'referencia:\n  label: Referência\n');
    await eventually('the tags page with the tags.yml label', async () => (await page('/docs/tags')).html.includes('>Referência<span class="dg-tag__count">1</span>'));
  });

  it('refuses a busy port with one clear line', async () => {
    const refused = await devRefusal(site, dev.port);
    expect(refused.code).toBe(1);
    expect(refused.output).toMatch(/port \d+ on 127\.0\.0\.1 is already in use/);
  });

  it('stops on Ctrl-C: exit 0, channel closed, port free', async () => {
    const code = await dev.stop('SIGINT');
    expect(code).toBe(0);
    expect(dev.output()).toContain('docgen dev: SIGINT, closing');
    expect(await portIsFree(dev.port)).toBe(true);
  });
});
