import { rmSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { validateConfig } from '../../src/config/load-config.js';
import { buildChanged, copyFixture, docgen, read, write } from '../helpers.js';

const problems = (raw: unknown): string => {
  try {
    validateConfig(raw);
  } catch (error) {
    return (error as Error).message;
  }
  throw new Error('expected the config to be rejected');
};

describe('site.config.ts validation', () => {
  it('applies defaults: navbar items sit right, colour mode light, TOC 2–3', () => {
    const c = validateConfig({ title: 'T', themeConfig: { navbar: { items: [{ to: '/x', label: 'X' }] } } });
    expect(c.themeConfig.navbar.items[0]).toMatchObject({ type: 'default', position: 'right' });
    expect(c.themeConfig.colorMode.defaultMode).toBe('light');
    expect(c.themeConfig.tableOfContents).toEqual({ minHeadingLevel: 2, maxHeadingLevel: 3 });
    expect(c.onBrokenLinks).toBe('throw');
    expect(c.onBrokenMarkdownLinks).toBe('warn');
  });

  it('names an unknown navbar item type and lists the valid ones', () => {
    const msg = problems({ title: 'T', themeConfig: { navbar: { items: [{ type: 'docsSidebar', label: 'X' }] } } });
    expect(msg).toContain('themeConfig.navbar.items.0');
    expect(msg).toContain('Unknown navbar item type "docsSidebar"');
    expect(msg).toContain('default, dropdown, localeDropdown, search, html, doc, docSidebar, docsVersion, docsVersionDropdown');
  });

  it('rejects an unexpected colour mode value with its path and the value', () => {
    const msg = problems({ title: 'T', themeConfig: { colorMode: { defaultMode: 'sepia' } } });
    expect(msg).toContain('themeConfig.colorMode.defaultMode');
    expect(msg).toContain('"sepia"');
    expect(msg).toMatch(/light.*dark/);
  });

  it('rejects a docs version dropdown naming a version that does not exist', () => {
    const msg = problems({
      title: 'T',
      docs: { versions: [{ name: '2.0' }, { name: '1.0' }] },
      themeConfig: { navbar: { items: [{ type: 'docsVersionDropdown', versions: ['2.0', '3.0'] }] } },
    });
    expect(msg).toContain('themeConfig.navbar.items.0.versions.1');
    expect(msg).toContain('"3.0", which does not exist; expected one of: 2.0, 1.0');
  });

  it('rejects a docs version link naming a version that does not exist', () => {
    const msg = problems({ title: 'T', themeConfig: { navbar: { items: [{ type: 'docsVersion', version: '9.9' }] } } });
    expect(msg).toContain('themeConfig.navbar.items.0.version');
    expect(msg).toContain('"9.9"');
  });

  it('reports every problem at once', () => {
    const msg = problems({
      title: 42,
      baseUrl: 'docs',
      themeConfig: { colorMode: { defaultMode: 'sepia' }, navbar: { items: [{ type: 'nope' }, { type: 'html' }] } },
    });
    expect(msg).toContain('(5 problems)');
    for (const p of ['title', 'baseUrl', 'themeConfig.colorMode.defaultMode', 'themeConfig.navbar.items.0.type', 'themeConfig.navbar.items.1.value']) {
      expect(msg).toContain(`  ${p}:`);
    }
  });

  it('fails the build when a docSidebar item has nothing to link to, naming the config path', () => {
    const site = copyFixture('basic');
    write(site, 'site.config.ts', `import { defineConfig } from 'docgen';
export default defineConfig({ title: 'Vazio', themeConfig: { navbar: { items: [{ type: 'docSidebar', sidebarId: 'tutorialSidebar', label: 'Tutorial' }] } } });\n`);
    expect(docgen(['build', site]).code).toBe(0); // with docs the item resolves
    rmSync(`${site}/content/docs`, { recursive: true, force: true });
    const r = docgen(['build', site]);
    expect(r.code).toBe(1);
    expect(r.output).toContain('themeConfig.navbar.items.0.sidebarId');
    expect(r.output).toContain('sidebar "tutorialSidebar", but it has no doc or category page to link to');
    expect(r.output).not.toMatch(/\n\s+at /); // no stack trace
  });

  it('reports a syntax error in site.config.ts with file:line:column', () => {
    const { result: r } = buildChanged('basic', { 'site.config.ts': "import { defineConfig } from 'docgen';\nexport default defineConfig({ title: 'x', \n  themeConfig: { navbar: { items: [ } } });\n" });
    expect(r.code).toBe(1);
    expect(r.output).toMatch(/site\.config\.ts:3:\d+/);
  });
});

describe('site.config.ts loading', () => {
  it('resolves packages the config imports from the site\'s own node_modules', () => {
    const site = copyFixture('basic');
    write(site, 'node_modules/titulo-do-site/package.json', JSON.stringify({ name: 'titulo-do-site', version: '1.0.0', type: 'module', exports: './index.js' }));
    write(site, 'node_modules/titulo-do-site/index.js', "export const title = 'Título vindo de um pacote';\n");
    write(site, 'site.config.ts', "import { defineConfig } from 'docgen';\nimport { title } from 'titulo-do-site';\nexport default defineConfig({ title });\n");
    const r = docgen(['build', site]);
    expect(r.output).not.toContain('Cannot find package');
    expect(r.code).toBe(0);
    expect(read(site, 'build/index.html')).toContain('Título vindo de um pacote');
  });

  it('warns once per unknown key, naming the closest known key, and still builds', () => {
    const site = copyFixture('basic');
    write(site, 'site.config.ts', "import { defineConfig } from 'docgen';\nexport default defineConfig({ title: 'T', tagLine: 'x', themeConfig: { navbar: { itmes: [] } } });\n");
    const r = docgen(['build', site]);
    expect(r.code).toBe(0);
    expect(r.output).toContain('site.config.ts: tagLine: unknown key "tagLine" is ignored (did you mean "tagline"?)');
    expect(r.output).toContain('site.config.ts: themeConfig.navbar.itmes: unknown key "itmes" is ignored (did you mean "items"?)');
  });

  it('reports schema problems and cross-field problems in the same round', () => {
    const msg = problems({
      title: 'T',
      docs: { versions: [{ name: '2.0' }] },
      themeConfig: { colorMode: { defaultMode: 'sepia' }, navbar: { items: [{ type: 'docsVersionDropdown', versions: ['3.0'] }, { type: 'nope' }] } },
    });
    expect(msg).toContain('themeConfig.colorMode.defaultMode');
    expect(msg).toContain('Unknown navbar item type "nope"');
    expect(msg).toContain('"3.0", which does not exist');
  });
});
