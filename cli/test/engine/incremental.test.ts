import { readdirSync, readFileSync, rmSync, statSync, utimesSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { copyFixture, docgen, read, write } from '../helpers.js';
import { expectSameOutput, snapshot } from './output-snapshot.js';

const stage = (stdout: string, name: string) => new RegExp(`✔ ${name}.*`).exec(stdout)?.[0] ?? '';

describe('incremental builds (.docgen/cache)', () => {
  for (const fixture of ['basic', 'multi']) {
    it(`${fixture}: a rebuild reuses every stage's work and writes the same bytes as a cold build, before and after an edit`, () => {
      const site = copyFixture(fixture);
      const build = (out: string) => {
        const r = docgen(['build', site, '--out-dir', out]);
        expect(r.output).not.toMatch(/error/i);
        expect(r.code).toBe(0);
        return r.stdout;
      };
      build('cold');
      const warm = build('warm');
      // Nothing changed: every page comes from the cache.
      const pages = Number(/render html .* (\d+) pages/.exec(warm)?.[1]);
      expect(pages).toBeGreaterThan(3);
      expect(stage(warm, 'render html')).toContain(`${pages} pages, ${pages} from cache`);
      expectSameOutput(path.join(site, 'cold'), path.join(site, 'warm'));

      // One page edited: only it is compiled and rendered again, and the output is exactly
      // what a build without any cache makes of the same sources.
      const docs = path.join(site, 'content/docs');
      const file = readdirSync(docs, { recursive: true }).map(String).find((f) => /\.mdx?$/.test(f))!;
      write(docs, file, read(docs, file) + '\n\nUm parágrafo novo, escrito depois.\n');
      const edited = build('edited');
      expect(stage(edited, 'render html')).toContain(`${pages} pages, ${pages - 1} from cache`);
      rmSync(path.join(site, '.docgen'), { recursive: true, force: true });
      build('fresh');
      expectSameOutput(path.join(site, 'fresh'), path.join(site, 'edited'));
      expect(readFileSync(path.join(site, 'edited', 'index.html'), 'utf8').length).toBeGreaterThan(0);
    });
  }
});

describe('incremental builds of pages that go through the bundler', () => {
  it('a rebuild bundles cached pages\' code, read from the compile cache only then, into the same bytes', () => {
    const site = copyFixture('basic');
    write(path.join(site, 'content/docs'), 'com-abas.mdx', "---\ntitle: Com abas\n---\n\nimport Tabs from '@theme/Tabs';\nimport TabItem from '@theme/TabItem';\n\n<Tabs>\n  <TabItem value=\"a\" label=\"Android\">No Android.</TabItem>\n  <TabItem value=\"i\" label=\"iOS\">No iOS.</TabItem>\n</Tabs>\n");
    expect(docgen(['build', site, '--out-dir', 'cold']).code).toBe(0);
    // The bundles' own caches would hide a wrong code: without them the code is read and bundled again.
    for (const dir of ['bundle-server', 'bundle-client', 'render']) rmSync(path.join(site, '.docgen/cache', dir), { recursive: true, force: true });
    const warm = docgen(['build', site, '--out-dir', 'warm']);
    expect(warm.code).toBe(0);
    const pages = Number(/compile mdx .* (\d+) files/.exec(warm.stdout)?.[1]);
    expect(stage(warm.stdout, 'compile mdx')).toContain(`${pages} files, ${pages} from cache`);
    expectSameOutput(path.join(site, 'cold'), path.join(site, 'warm'));
    expect(read(path.join(site, 'warm'), 'docs/com-abas/index.html')).toContain('No Android.');
  });
});

describe('incremental builds after a failed one', () => {
  it('a page compiled by a build that failed comes out of the next build exactly as from a cold one', () => {
    const site = copyFixture('basic');
    const docs = path.join(site, 'content/docs');
    const [edited, broken] = readdirSync(docs, { recursive: true }).map(String).filter((f) => /\.mdx?$/.test(f)).sort();
    expect(docgen(['build', site, '--out-dir', 'first']).code).toBe(0);
    // One page edited (compiled, and cached) while another one fails to compile: no output.
    write(docs, edited, read(docs, edited) + '\n\nUm parágrafo novo, escrito durante a falha.\n');
    const original = read(docs, broken);
    write(docs, broken, original + '\n\nUm <b sem fim\n');
    expect(docgen(['build', site, '--out-dir', 'failed']).code).not.toBe(0);
    write(docs, broken, original);
    // The edited page's compile now comes from the cache; its browser and prerender forms
    // must be the ones a cold build prints, not a stand-in.
    const again = docgen(['build', site, '--out-dir', 'again']);
    expect(again.code).toBe(0);
    expect(stage(again.stdout, 'compile mdx')).toMatch(/from cache/);
    rmSync(path.join(site, '.docgen'), { recursive: true, force: true });
    expect(docgen(['build', site, '--out-dir', 'fresh']).code).toBe(0);
    expectSameOutput(path.join(site, 'fresh'), path.join(site, 'again'));
  });
});

describe('rebuilding into the same output folder', () => {
  const build = (site: string, extra: string[] = []) => docgen(['build', site, '--out-dir', 'out', ...extra]);
  const unchanged = (stdout: string) => Number(/write output .* (\d+) files unchanged/.exec(stdout)?.[1]);
  /** A copy of the basic fixture built into out/, with the bytes of that first output. */
  const builtCopy = () => {
    const site = copyFixture('basic');
    const out = path.join(site, 'out');
    expect(build(site).code).toBe(0);
    return { site, out, first: snapshot(out) };
  };
  const appendToIntro = (site: string, text: string) => write(site, 'content/docs/intro.md', read(site, 'content/docs/intro.md') + text);

  it('rewrites only what changed, removes what is gone, and ends byte for byte like a fresh build', () => {
    const { site, out, first } = builtCopy();

    // Nothing changed: every file stays where it is, untouched.
    const again = build(site);
    expect(again.code).toBe(0);
    expect(unchanged(again.stdout)).toBe(first.size);
    const second = snapshot(out);
    expect([...first].filter(([f, b]) => !b.equals(second.get(f)!))).toEqual([]);

    // A page edited, a page removed, a file dropped into the output by hand and a built
    // file edited by hand: the next build leaves exactly what a build from nothing makes.
    appendToIntro(site, '\n\nUm parágrafo novo.\n');
    rmSync(path.join(site, 'content/docs/02-referência/api.md'));
    write(out, 'stray/leftover.html', '<p>not ours</p>');
    const index = [...first.keys()].find((f) => f.endsWith('index.html') && f.includes('/'))!;
    write(out, index, 'edited by hand');
    const edited = build(site);
    expect(edited.code).toBe(0);
    expect(unchanged(edited.stdout)).toBeGreaterThan(0);
    expect(unchanged(edited.stdout)).toBeLessThan(first.size);
    expect(readdirSync(out, { recursive: true }).map(String).some((f) => f.includes('referência/api'))).toBe(false);

    const fresh = docgen(['build', site, '--out-dir', 'fresh', '--no-cache']);
    expect(fresh.code).toBe(0);
    expectSameOutput(path.join(site, 'fresh'), out);
  });

  it('rewrites the browser chunks of pages whose data changed though their code did not (a neighbour renamed)', () => {
    const { site, out } = builtCopy();
    // The neighbours' pagination names the renamed page: their page data changes, their code does not.
    write(site, 'content/docs/01-guia/01-instalar.md', read(site, 'content/docs/01-guia/01-instalar.md').replace('title: Instalar', 'title: Instalação renomeada'));
    expect(build(site).code).toBe(0);
    const fresh = docgen(['build', site, '--out-dir', 'fresh', '--no-cache']);
    expect(fresh.code).toBe(0);
    expectSameOutput(path.join(site, 'fresh'), out);
    expect(readdirSync(path.join(out, 'assets'), { recursive: true }).map(String).filter((f) => f.endsWith('.js')).some((f) => read(path.join(out, 'assets'), f).includes('Instalação renomeada'))).toBe(true);
  });

  it('rewrites every page whose document changed though its body did not (a stylesheet edited)', () => {
    const site = copyFixture('basic');
    write(site, 'site.config.ts', read(site, 'site.config.ts').replace("title: 'Fixture Básico',", "title: 'Fixture Básico',\n  customCss: ['./src/extra.css'],"));
    write(site, 'src/extra.css', '.extra { color: red; }\n');
    expect(build(site).code).toBe(0);
    const before = read(path.join(site, 'out'), 'docs/intro/index.html');
    write(site, 'src/extra.css', '.extra { color: blue; }\n');
    const again = build(site);
    expect(again.code).toBe(0);
    // The pages' bodies come from the cache; their documents name the new stylesheet.
    expect(read(path.join(site, 'out'), 'docs/intro/index.html')).not.toBe(before);
    const fresh = docgen(['build', site, '--out-dir', 'fresh', '--no-cache']);
    expect(fresh.code).toBe(0);
    expectSameOutput(path.join(site, 'fresh'), path.join(site, 'out'));
  });

  it('keeps the search index\'s page analyses through an unchanged rebuild, for the next edit', () => {
    const { site } = builtCopy();
    const analyses = () => readdirSync(path.join(site, '.docgen/cache/search')).filter((f) => f.startsWith('analyses-'));
    expect(analyses()).toHaveLength(1);
    expect(build(site).code).toBe(0);
    expect(analyses()).toHaveLength(1);
  });

  it('takes an unchanged doc\'s text by the size and mtime the doc cache recorded, reading none', () => {
    const site = copyFixture('basic');
    const out = path.join(site, 'out');
    const file = path.join(site, 'content/docs/01-guia/01-instalar.md');
    // A whole second, which utimes can put back exactly (a file's own mtime has nanoseconds).
    const when = new Date('2026-01-02T03:04:05Z');
    utimesSync(file, when, when);
    expect(build(site).code).toBe(0);
    // The same number of bytes, and the mtime put back: to a build, the file is unchanged.
    write(site, 'content/docs/01-guia/01-instalar.md', read(site, 'content/docs/01-guia/01-instalar.md').replace('Dica antiga', 'Dica ANTIGA'));
    utimesSync(file, when, when);
    expect(statSync(file).mtimeMs).toBe(when.getTime());
    expect(build(site).code).toBe(0);
    expect(read(out, 'docs/guia/instalar/index.html')).toContain('Dica antiga');
  });

  it('takes a doc\'s description from its new first paragraph once it is edited', () => {
    const { site, out } = builtCopy();
    const page = () => read(out, 'docs/guia/instalar/index.html');
    expect(page()).toMatch(/<meta name="description" content="Título no formato do Docusaurus 2\."/);
    write(site, 'content/docs/01-guia/01-instalar.md', read(site, 'content/docs/01-guia/01-instalar.md').replace(':::tip Dica antiga', 'Primeiro parágrafo novo.\n\n:::tip Dica antiga'));
    expect(build(site).code).toBe(0);
    expect(page()).toMatch(/<meta name="description" content="Primeiro parágrafo novo\."/);
    const fresh = docgen(['build', site, '--out-dir', 'fresh', '--no-cache']);
    expect(fresh.code).toBe(0);
    expectSameOutput(path.join(site, 'fresh'), out);
  });

  it('an edited paragraph rewrites that page and the data naming it, no other page', () => {
    const { site, out, first: before } = builtCopy();
    appendToIntro(site, '\n\nUm parágrafo novo.\n');
    expect(build(site).code).toBe(0);
    const after = snapshot(out);
    const changed = [...after].filter(([f, b]) => !before.get(f)?.equals(b)).map(([f]) => f.replace(/\.(br|gz)$/, ''));
    // Pages carry no URL of the manifest or the search index (they are in current.json).
    expect([...new Set(changed.filter((f) => f.endsWith('.html')))]).toEqual(['docs/intro/index.html']);
    expect(changed).toContain('assets/current.json');
  });

  it('keeps the record of an output folder only while that folder exists', () => {
    const site = copyFixture('basic');
    const records = () => readdirSync(path.join(site, '.docgen', 'cache')).filter((f) => /^output-.*\.json$/.test(f));
    expect(docgen(['build', site, '--out-dir', 'one']).code).toBe(0);
    expect(docgen(['build', site, '--out-dir', 'two']).code).toBe(0);
    expect(records()).toHaveLength(2);
    rmSync(path.join(site, 'one'), { recursive: true });
    expect(docgen(['build', site, '--out-dir', 'two']).code).toBe(0);
    expect(records()).toHaveLength(1);
  });

  it('leaves the previous output as it was when a rebuild fails, and recovers after', () => {
    const { site, out, first: before } = builtCopy();
    appendToIntro(site, '\n\n[quebrado](./nao-existe.md)\n');
    const failed = build(site, ['--strict-links']);
    expect(failed.code).not.toBe(0);
    const after = snapshot(out);
    expect([...after.keys()].sort()).toEqual([...before.keys()].sort());
    expect([...before].filter(([f, b]) => !b.equals(after.get(f)!))).toEqual([]);
    expect(readdirSync(site).filter((f) => f.includes('.tmp-') || f.includes('.code-'))).toEqual([]);

    write(site, 'content/docs/intro.md', read(site, 'content/docs/intro.md').replace('[quebrado](./nao-existe.md)', 'consertado'));
    expect(build(site, ['--strict-links']).code).toBe(0);
    expect(read(out, 'docs/intro/index.html')).toContain('consertado');
  });
});
