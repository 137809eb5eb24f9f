import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { bootOf, copyFixture, docgen, read, write } from '../helpers.js';

describe('docgen init', () => {
  it('scaffolds a pt-BR site with one page and the README\'s two commands, which builds with --strict-links', () => {
    const dir = path.join(mkdtempSync(path.join(tmpdir(), 'docgen-init-')), 'minha-doc');
    const r = docgen(['init', dir, '--title', 'Minha Doc']);
    expect(r.code, r.output).toBe(0);
    expect(read(dir, 'README.md')).toContain('npm install && npm run dev');
    expect(read(dir, 'README.md')).toContain('npm install && npm run build');
    const built = docgen(['build', dir, '--strict-links']);
    expect(built.code, built.output).toBe(0);
    const intro = bootOf(read(dir, 'build/docs/intro/index.html'));
    expect(intro.page).toMatchObject({ title: 'Introdução', locale: 'pt-BR' });
    expect(intro.site.title).toBe('Minha Doc');
  });

  it('never overwrites a file', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'docgen-init-'));
    write(dir, 'site.config.ts', '// mine\n');
    const r = docgen(['init', dir]);
    expect(r.code).toBe(1);
    expect(r.output).toContain('already has site.config.ts: docgen init writes only new files');
    expect(read(dir, 'site.config.ts')).toBe('// mine\n');
  });

  it('--from-docusaurus writes a site.config.ts that builds the same site as the Docusaurus config', () => {
    const site = copyFixture('docusaurus-site');
    expect(docgen(['build', site, '--out-dir', 'from-docusaurus']).code).toBe(0);
    const r = docgen(['init', site, '--from-docusaurus']);
    expect(r.code, r.output).toBe(0);
    expect(r.output).toContain('markdown.remarkPlugins[0]: copied from docusaurus.config.js as source');
    expect(read(site, 'site.config.ts')).toContain('contentDir: "."');
    const again = docgen(['build', site, '--out-dir', 'from-site-config']);
    expect(again.code, again.output).toBe(0);
    expect(again.output).not.toContain('warning docusaurus.config.js'); // site.config.ts is read now
    for (const page of ['docs/intro/index.html', 'docs/1.0/intro/index.html', 'docs/api/methods/index.html', 'about/index.html']) {
      const a = bootOf(read(site, `from-docusaurus/${page}`));
      const b = bootOf(read(site, `from-site-config/${page}`));
      expect(b.page).toEqual(a.page);
      expect(b.site).toEqual(a.site);
      expect(b.sidebar).toBe(a.sidebar);
      if (a.sidebar) expect(read(site, `from-site-config${b.sidebar}`)).toBe(read(site, `from-docusaurus${a.sidebar}`));
    }
    expect(read(site, 'from-site-config/docs/intro/index.html')).toContain('shouted!');
  });
});
