import { existsSync } from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { bootOf, copyFixture, docgen, read, write } from '../helpers.js';

describe('docs versions and locales', () => {
  let out: string;
  let result: ReturnType<typeof docgen>;
  beforeAll(() => {
    const site = copyFixture('multi');
    out = path.join(site, 'build');
    result = docgen(['build', site, '--strict-links']);
  });

  it('builds with no warning', () => {
    expect(result.code).toBe(0);
    expect(result.stdout).toContain('0 warnings');
  });

  it('serves older versions under /docs/<version>/ with their own sidebar', () => {
    expect(existsSync(path.join(out, 'docs/1.0/antigo/index.html'))).toBe(true);
    expect(existsSync(path.join(out, 'docs/antigo/index.html'))).toBe(false);
    const old = bootOf(read(out, 'docs/1.0/antigo/index.html'));
    expect(old.page.version).toBe('1.0');
    const sidebar = JSON.parse(read(out, old.sidebar.slice(1)));
    expect(sidebar.map((i: { href: string }) => i.href)).toEqual(['/docs/1.0/intro', '/docs/1.0/antigo']);
    expect(read(out, 'docs/1.0/antigo/index.html')).toContain('href="/docs/1.0/intro"'); // relative link stays in its version
    expect(read(out, 'docs/1.0/index.html')).toContain('url=/docs/1.0/intro');
  });

  it('resolves version navbar items, using mainDocId for the version link', () => {
    const { site } = bootOf(read(out, 'docs/intro/index.html'));
    const dropdown = site.navbar.items.find((i: { type: string }) => i.type === 'docsVersionDropdown');
    expect(dropdown.versions).toEqual([
      { name: '2.0', label: 'v2.0', to: '/docs/intro' },
      { name: '1.0', label: 'v1.0', to: '/docs/1.0/antigo' },
    ]);
    expect(site.navbar.items.find((i: { type: string }) => i.type === 'docsVersion')).toMatchObject({ to: '/docs/1.0/antigo', label: 'Versão antiga' });
  });

  it('serves other locales under /<locale>/ with their label and htmlLang', () => {
    const html = read(out, 'en/docs/intro/index.html');
    expect(html).toContain('<html lang="en-US"');
    const { page, site } = bootOf(html);
    expect(page).toMatchObject({ title: 'Introduction', locale: 'en' });
    expect(page.isFallback).toBeUndefined();
    expect(site.locale.locales.en).toEqual({ label: 'English', htmlLang: 'en-US', path: '/en' });
    expect(html).toContain('href="/en/docs/guia/passo"'); // link to an untranslated sibling
  });

  it('falls back to the default locale page when a translation is missing', () => {
    const { page } = bootOf(read(out, 'en/docs/guia/passo/index.html'));
    expect(page).toMatchObject({ title: 'Passo', locale: 'en', isFallback: true, alternates: { 'pt-BR': '/docs/guia/passo', en: '/en/docs/guia/passo' } });
    expect(read(out, 'en/docs/guia/passo/index.html')).toContain('href="/en/docs/intro"');
    expect(bootOf(read(out, 'en/index.html')).page.isFallback).toBe(true);
    expect(existsSync(path.join(out, 'en/404.html'))).toBe(true);
  });
});

describe('draft docs', () => {
  it('are left out of a build, and of its sidebar', () => {
    const site = copyFixture('basic');
    write(site, 'content/docs/rascunho.md', '---\ntitle: Rascunho\ndraft: true\n---\n\nAinda não publicado.\n');
    expect(docgen(['build', site]).code).toBe(0);
    expect(existsSync(path.join(site, 'build/docs/rascunho/index.html'))).toBe(false);
    expect(read(site, 'build/docs/intro/index.html')).not.toContain('Rascunho');
  });
});
