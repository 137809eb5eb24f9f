import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { copyFixture, docgen, read, write } from '../helpers.js';

// The link check of a rebuild whose pages all come from the caches: its outcome is kept in
// .docgen/cache/links.json, and kept pages' links are read from the render cache only if the
// check has to run again (build/link-stage.ts).
const build = (site: string, extra: string[] = []) => docgen(['build', site, '--out-dir', 'out', ...extra]);
const linkWarnings = (stdout: string, stderr: string) => `${stdout}\n${stderr}`.split('\n').filter((l) => l.includes('novo.png')).length;

describe('the link check of a rebuild', () => {
  it('finds a kept page\'s link broken by an anchor removed from the page it points to', () => {
    const site = copyFixture('basic');
    write(site, 'content/docs/alvo.md', '---\ntitle: Alvo\n---\n\n## Seção alvo\n\nTexto.\n');
    write(site, 'content/docs/fonte.md', '---\ntitle: Fonte\n---\n\nVeja [a seção](/docs/alvo#seção-alvo).\n');
    expect(build(site, ['--strict-links']).code).toBe(0);
    // fonte is not rendered again: its links come from the render cache.
    write(site, 'content/docs/alvo.md', '---\ntitle: Alvo\n---\n\n## Outra seção\n\nTexto.\n');
    const r = build(site, ['--strict-links']);
    expect(r.code).not.toBe(0);
    expect(r.output).toMatch(/On \/docs\/fonte/);
    expect(r.output).toMatch(/no element with id "seção-alvo" on \/docs\/alvo/);
  });

  it('judges again only what an edit can change, and reports what a check of every page would', () => {
    const site = copyFixture('basic');
    write(site, 'site.config.ts', read(site, 'site.config.ts').replace("onBrokenLinks: 'throw'", "onBrokenLinks: 'warn'"));
    write(site, 'content/docs/alvo.md', '---\ntitle: Alvo\n---\n\n## Seção alvo\n\nTexto.\n');
    write(site, 'content/docs/fonte.md', '---\ntitle: Fonte\n---\n\nVeja [a outra seção](/docs/alvo#outra-seção) e [a que falta](/docs/sumida).\n');
    const warned = (r: { stdout: string; stderr: string }) => `${r.stdout}\n${r.stderr}`.split('\n').filter((l) => /^\s+- /.test(l)).sort();
    const first = build(site);
    expect(first.code).toBe(0);
    expect(warned(first)).toHaveLength(2);
    // An unrelated page edited: fonte's two warnings are the last check's, as they were.
    write(site, 'content/docs/intro.md', `${read(site, 'content/docs/intro.md')}\n\nMais texto.\n`);
    const unrelated = build(site);
    expect(warned(unrelated)).toEqual(warned(first));
    // The page fonte's anchor points into gets the section: that link is judged again, the other stays broken.
    write(site, 'content/docs/alvo.md', '---\ntitle: Alvo\n---\n\n## Seção alvo\n\nTexto.\n\n## Outra seção\n\nMais.\n');
    const fixed = build(site);
    expect(fixed.code).toBe(0);
    expect(warned(fixed)).toHaveLength(1);
    expect(warned(fixed)[0]).toMatch(/\/docs\/sumida/);
    const full = docgen(['build', site, '--out-dir', 'full', '--no-cache']);
    expect(warned(full)).toEqual(warned(fixed));
  });

  it('prints the last check\'s warnings again when nothing changed, and checks again when an output file appears', () => {
    const site = copyFixture('basic');
    write(site, 'site.config.ts', read(site, 'site.config.ts').replace("onBrokenLinks: 'throw'", "onBrokenLinks: 'warn'"));
    write(site, 'content/docs/imagem.md', '---\ntitle: Imagem\n---\n\nBaixe [a imagem](/img/novo.png).\n');
    const first = build(site);
    expect(first.code).toBe(0);
    expect(linkWarnings(first.stdout, first.stderr)).toBe(1);
    const again = build(site);
    expect(again.code).toBe(0);
    expect(linkWarnings(again.stdout, again.stderr)).toBe(1);
    expect(again.stdout).toMatch(/1 warning/);
    // No page changes, but the link now reaches a file of the output.
    write(site, 'content/static/img/novo.png', 'not really a png');
    const fixed = build(site);
    expect(fixed.code).toBe(0);
    expect(linkWarnings(fixed.stdout, fixed.stderr)).toBe(0);
    expect(read(path.join(site, 'out'), 'img/novo.png')).toBe('not really a png');
  });
});
