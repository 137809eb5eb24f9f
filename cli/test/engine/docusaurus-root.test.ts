import { existsSync, readdirSync, rmSync } from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { buildChanged, bootOf, copyFixture, docgen, read, write, buildFixture, type CliResult } from '../helpers.js';

type Item = { type: string; label?: string; href?: string; items?: Item[]; [k: string]: unknown };
const sidebarOf = (out: string, html: string): Item[] => JSON.parse(read(out, bootOf(html).sidebar.slice(1)));
const editConfig = (site: string, from: string, to: string) => {
  const text = read(site, 'docusaurus.config.js');
  if (!text.includes(from)) throw new Error(`fixture config has no ${from}`);
  write(site, 'docusaurus.config.js', text.replace(from, to));
};

describe('a Docusaurus site root (docusaurus.config.js, sidebars.js, versions), unchanged', () => {
  let site: string, out: string, result: CliResult;
  beforeAll(() => void ({ site, out, result } = buildFixture('docusaurus-site')));

  it('builds from the root, with one warning for each thing docgen leaves out, naming what the site loses', () => {
    expect(result.output).toContain('Built');
    expect(result.code).toBe(0);
    const warnings = result.output.split('\n').filter((l) => l.startsWith('warning docusaurus.config.js'));
    expect(warnings).toEqual([
      'warning docusaurus.config.js: the blog is not supported: the posts in blog/ are not published (links to them only warn)',
      'warning docusaurus.config.js: the plugin "@docusaurus/plugin-pwa" is not supported: the site loses offline support (PWA)',
      'warning docusaurus.config.js: the plugin "docusaurus-lunr-search" is not supported: the site loses its search (docgen\'s built-in search is used instead)',
      'warning docusaurus.config.js: themeConfig.navbar.items.4: navbar items of type "custom-stars" are not supported and are left out of the navbar',
      'warning docusaurus.config.js: themeConfig.navbar.items.5.items.3: a "html" item inside a dropdown is not supported and is left out',
      'warning docusaurus.config.js: themeConfig.footer.links: a footer item without a label and a link (raw html) is left out',
      "warning docusaurus.config.js: themeConfig.algolia is not used: docgen's built-in search replaces Algolia DocSearch",
    ]);
  });

  it('maps the site settings: title, locale, navbar, footer, customCss, static files, src/pages and the docs remark plugin', () => {
    const html = read(out, 'docs/intro/index.html');
    expect(html).toContain('<html lang="en"');
    const { site: data } = bootOf(html);
    expect(data.title).toBe('Fixture Docs');
    expect(data.navbar.items.map((i: Item) => `${i.type}:${i.label ?? ''}`)).toEqual(['docSidebar:Guides', 'docSidebar:Reference', 'docsVersionDropdown:', 'default:GitHub', 'dropdown:More', 'doc:Community']);
    // A dropdown's doc and version entries are links to their pages.
    expect(data.navbar.items[4].items.map((i: Item & { to?: string }) => `${i.label} ${i.to}`)).toEqual(['Start here /docs/intro', 'Latest docs /docs/intro', 'About /about']);
    expect(data.navbar.items[1]).toMatchObject({ to: '/docs/api/overview', activeSidebar: 'reference' });
    expect(data.footer.links[0].items).toEqual([{ label: 'Introduction', to: '/docs/intro' }, { label: 'Blog', to: '/blog' }]);
    // The blog docgen does not publish: a link to it warns, saying why, and the build passes.
    expect(result.output).toContain('- /blog → content docgen does not publish (see the config warnings), so the link leads nowhere');
    const css = readdirSync(path.join(out, 'assets')).filter((f) => f.endsWith('.css')).map((f) => read(out, `assets/${f}`)).join('');
    expect(css).toContain('fixture-custom-css-marker');
    // css-loader's "~" in url(): a static file keeps its URL, a file of the site folder is bundled.
    expect(css).toContain('.fixture-tilde-static{background:url(/img/logo.svg)}');
    const bundled = /\.fixture-tilde-site\{background:url\("(\/assets\/media\/favicon-\w+\.svg)\?v=2"\)\}/.exec(css);
    expect(bundled).not.toBeNull();
    expect(existsSync(path.join(out, bundled![1]))).toBe(true);
    expect(existsSync(path.join(out, 'img/logo.svg'))).toBe(true);
    expect(bootOf(read(out, 'about/index.html')).page.title).toBe('About the fixture');
    expect(existsSync(path.join(out, '_hidden'))).toBe(false);
    expect(html).toContain('shouted!'); // the site's own remark plugin ran
    // A Docusaurus swizzle (default export, JSX in .js) is named, and docgen's own footer stays.
    expect(result.output).toContain("warning src/theme/Footer/index.js: a Docusaurus swizzle of Footer (and of its parts Footer/Links); docgen's theme keeps its own Footer");
    // A swizzle of a part only (src/theme/DocItem/ has no index of its own) is named too.
    expect(result.output).toContain('warning src/theme/DocItem/Footer/index.js: docgen\'s theme has no "DocItem/Footer" component, so this override is not used (the site loses that customization)');
    expect(html).not.toContain('swizzled-doc-footer');
    expect(html).not.toContain('swizzled-footer-note');
    expect(html).toContain('Copyright © Example');
  });

  it('builds a second docs instance at its own URL with its own sidebars, apart from the main docs\' versions; a navbar item names it by docsPluginId', () => {
    const home = bootOf(read(out, 'community/home/index.html'));
    expect(home.page).toMatchObject({ kind: 'doc', title: 'Community home', sidebarId: 'community', next: { href: '/community/guide' } });
    expect(home.page.versionBanner).toBeUndefined();
    expect(home.page.versionAlternates).toBeUndefined();
    expect(sidebarOf(out, read(out, 'community/home/index.html')).map((i) => `${i.type}:${i.label}`)).toEqual(['link:Welcome', 'category:Take part']);
    expect(read(out, 'community/home/index.html')).toContain('<a href="/community/guide">the guide</a>');
    expect(home.site.docs.versions.map((v: Item) => v.name)).toEqual(['current', '1.0']);
    expect(home.site.navbar.items.find((i: Item) => i.label === 'Community')).toMatchObject({ type: 'doc', to: '/community/home' });
  });

  it('turns every sidebars.js item form into the sidebar Docusaurus shows', () => {
    const guides = sidebarOf(out, read(out, 'docs/intro/index.html'));
    expect(guides.map((i) => `${i.type}:${i.label ?? ''}`)).toEqual([
      'link:Introduction', 'link:Install it', 'category:Getting started', 'category:Advanced', 'category:Questions', 'link:Status page', 'html:',
    ]);
    expect(guides[1]).toMatchObject({ href: '/docs/getting-started/install', className: 'item-install', customProps: { badge: 'new' } });
    expect(guides[2]).toMatchObject({ href: '/docs/category/getting-started', collapsed: false, collapsible: true });
    expect(guides[2].items!.map((i) => i.label)).toEqual(['Configure', 'API (reference)']);
    // collapsible: false means always open; the autogenerated folder keeps positions and its index page.
    expect(guides[3]).toMatchObject({ href: '/docs/advanced/overview', collapsed: false, collapsible: false, className: 'category-advanced' });
    expect(guides[3].items!.map((i) => `${i.label}@${i.href}`)).toEqual(['Limits@/docs/advanced/topics/limits', 'Tuning@/docs/advanced/topics/tuning', 'Deep dive@/docs/advanced/topics/deep']);
    expect(guides[4]).toMatchObject({ collapsed: true, items: [{ label: 'FAQ', href: '/docs/faq' }] });
    expect(guides[5]).toEqual({ type: 'link', label: 'Status page', href: 'https://status.example.com' });
    expect(guides[6]).toEqual({ type: 'html', value: '<span class="sidebar-note">Need help?</span>', defaultStyle: true });
    expect(read(out, 'docs/intro/index.html')).toContain('<span class="sidebar-note">Need help?</span>');
  });

  it('gives each doc the first sidebar that holds it (a ref does not), none to a doc outside every sidebar, and leaves drafts out', () => {
    const methods = bootOf(read(out, 'docs/api/methods/index.html'));
    expect(methods.page).toMatchObject({ sidebarId: 'reference', prev: { href: '/docs/api/overview' } });
    expect(bootOf(read(out, 'docs/api/overview/index.html')).page.sidebarId).toBe('reference');
    const orphan = bootOf(read(out, 'docs/orphan/index.html'));
    expect(orphan.sidebar).toBeNull();
    expect(orphan.page.sidebarId).toBeUndefined();
    expect(orphan.page.prev).toBeUndefined();
    expect(existsSync(path.join(out, 'docs/secret-draft'))).toBe(false);
    const limits = bootOf(read(out, 'docs/advanced/topics/limits/index.html')).page;
    expect(limits.breadcrumbs.map((b: { title: string }) => b.title)).toEqual(['Advanced', 'Limits']);
    expect(limits.prev).toMatchObject({ href: '/docs/advanced/overview' });
    const generated = bootOf(read(out, 'docs/category/getting-started/index.html')).page;
    expect(generated).toMatchObject({ kind: 'category', title: 'Start here', description: 'Everything to get going.' });
  });

  it("versions with lastVersion 'current': the docs folder at /docs, 1.0 at /docs/1.0 from its versioned sidebar, marked unmaintained, the dropdown landing on the same doc", () => {
    const old = bootOf(read(out, 'docs/1.0/intro/index.html'));
    expect(old.page).toMatchObject({ version: '1.0', versionBanner: 'unmaintained', versionAlternates: { current: '/docs/intro', '1.0': '/docs/1.0/intro' } });
    expect(sidebarOf(out, read(out, 'docs/1.0/intro/index.html')).map((i) => i.href)).toEqual(['/docs/1.0/intro', '/docs/1.0/old']);
    // The banner in the site's language (en), linking to the same doc in the last version.
    expect(read(out, 'docs/1.0/intro/index.html')).toContain('<p>This is documentation for Fixture Docs v1, which is no longer actively maintained.</p><p>For up-to-date documentation, see the <b><a href="/docs/intro">latest version</a></b> (Latest).</p>');
    expect(read(out, 'docs/1.0/intro/index.html')).toContain('href="/docs/1.0/old"');
    expect(bootOf(read(out, 'docs/intro/index.html')).page.versionBanner).toBeUndefined();
    expect(bootOf(read(out, 'docs/1.0/old/index.html')).page.versionAlternates).toBeUndefined();
    expect(bootOf(read(out, 'docs/intro/index.html')).site.docs.versions.map((v: Item) => `${v.name}:${v.label}:${v.to}`)).toEqual(['current:Latest:/docs/intro', '1.0:v1:/docs/1.0/intro']);
  });
});

describe('Docusaurus version options', () => {
  it("without lastVersion the newest released version is at /docs and the docs folder is 'Next' at /docs/next, marked unreleased", () => {
    const site = copyFixture('docusaurus-site');
    editConfig(site, "lastVersion: 'current',", '');
    editConfig(site, "current: { label: 'Latest' }, ", '');
    // Version 1.0, now the last, has no "reference" sidebar (Docusaurus would fail on it too).
    editConfig(site, "{ type: 'docSidebar', sidebarId: 'reference', position: 'left', label: 'Reference' },", '');
    const r = docgen(['build', site, '--strict-links']);
    expect(r.code, r.output).toBe(0);
    const next = bootOf(read(site, 'build/docs/next/intro/index.html'));
    expect(next.page).toMatchObject({ version: 'current', versionBanner: 'unreleased' });
    expect(next.site.docs.versions.map((v: Item) => `${v.name}:${v.label}`)).toEqual(['current:Next', '1.0:v1']);
    expect(bootOf(read(site, 'build/docs/intro/index.html')).page).toMatchObject({ version: '1.0' });
    expect(bootOf(read(site, 'build/docs/intro/index.html')).page.versionBanner).toBeUndefined();
  });

  it('includeCurrentVersion: false and onlyIncludeVersions leave versions out', () => {
    const site = copyFixture('docusaurus-site');
    editConfig(site, "lastVersion: 'current',", "lastVersion: 'current', onlyIncludeVersions: ['current'],");
    expect(docgen(['build', site, '--strict-links']).code).toBe(0);
    expect(existsSync(path.join(site, 'build/docs/1.0'))).toBe(false);
    const only = copyFixture('docusaurus-site');
    editConfig(only, "lastVersion: 'current',", 'includeCurrentVersion: false,');
    editConfig(only, "current: { label: 'Latest' }, ", '');
    editConfig(only, "{ type: 'docSidebar', sidebarId: 'reference', position: 'left', label: 'Reference' },", '');
    const r = docgen(['build', only]);
    expect(r.code, r.output).toBe(0);
    expect(bootOf(read(only, 'build/docs/intro/index.html')).page).toMatchObject({ version: '1.0', title: 'Introduction (1.0)' });
    expect(existsSync(path.join(only, 'build/docs/faq'))).toBe(false);
  });
});

describe('mistakes in a Docusaurus site', () => {
  it('names the sidebars file and the item of a sidebar pointing at a doc that does not exist, or of an unknown type', () => {
    const { result: r } = buildChanged('docusaurus-site', { 'sidebars.js': (t) => t.replace("'getting-started/configure'", "'getting-started/configur'").replace("{ type: 'link', label: 'Status page'", "{ type: 'linky', label: 'Status page'") });
    expect(r.code).toBe(1);
    expect(r.output).toContain('sidebars.js: guides[2].items[0]: the doc id "getting-started/configur" does not exist; did you mean: getting-started/configure');
    expect(r.output).toContain('sidebars.js: guides[5]: unknown sidebar item type "linky"; expected one of: doc, ref, link, html, category, autogenerated');
    expect(r.output).toContain('Build failed; the previous output was left as it was.');
  });

  it('a remark plugin from a package the site has not installed is left out with a warning, and the build goes on', () => {
    const site = copyFixture('docusaurus-site');
    editConfig(site, 'remarkPlugins: [remarkShout],', "remarkPlugins: [remarkShout, require('remark-not-installed')],");
    const r = docgen(['build', site]);
    expect(r.code, r.output).toBe(0);
    expect(r.output).toContain('docs.remarkPlugins: the plugin from "remark-not-installed" is not installed, so pages are compiled without it; run npm install in the site');
    expect(r.output).not.toContain('the package "remark-not-installed" is imported but not installed'); // named once
  });

  it('an ES module config (docusaurus.config.mjs) importing names from a package the site lacks still loads', () => {
    const site = copyFixture('docusaurus-site');
    const cjs = read(site, 'docusaurus.config.js');
    write(site, 'docusaurus.config.mjs', cjs
      .replace("const { themes } = require('prism-react-renderer');", "import { themes, Highlight as unused } from 'prism-react-renderer';\nimport { createRequire } from 'node:module';\nconst require = createRequire(import.meta.url);")
      .replace("const remarkShout = require('./src/plugins/remark-shout.js');", "import remarkShout from './src/plugins/remark-shout.js';")
      .replace('module.exports = config;', 'export default config;'));
    rmSync(path.join(site, 'docusaurus.config.js'));
    const r = docgen(['build', site]);
    expect(r.code, r.output).toBe(0);
    expect(r.output).toContain('warning docusaurus.config.mjs: the plugin "docusaurus-lunr-search" is not supported');
    expect(read(site, 'build/docs/intro/index.html')).toContain('shouted!');
  });

  it('a navbar link broken on every page is blamed on docusaurus.config.js, the file to fix', () => {
    const site = copyFixture('docusaurus-site');
    editConfig(site, "{ href: 'https://github.com/example/fixture', label: 'GitHub', position: 'right' },", "{ to: '/gone', label: 'Gone', position: 'right' },");
    const r = docgen(['build', site]);
    expect(r.code).toBe(1);
    expect(r.output).toContain('/gone → no page or file at this path [in the layout (navbar, sidebar or footer)] — on 5+ pages: probably a navbar or footer link in docusaurus.config.js');
  });

  it('a config that throws is reported with its file name', () => {
    const { result: r } = buildChanged('docusaurus-site', { 'docusaurus.config.js': "throw new Error('boom');\n" });
    expect(r.code).toBe(1);
    expect(r.output).toContain('docusaurus.config.js threw while loading: boom');
  });
});

describe("Docusaurus's broken anchor check", () => {
  const withAnchors = (page: string) => buildChanged('docusaurus-site', {
    'docusaurus.config.js': (t) => t.replace("onBrokenLinks: 'throw',", "onBrokenLinks: 'throw',\n  onBrokenAnchors: 'throw',"),
    'docs/anchors.mdx': page,
  });

  it('an <a href="#x"> written as JSX, which Docusaurus does not check, only warns under onBrokenAnchors: throw', () => {
    const { result } = withAnchors('# Anchors\n\n<pre><code><a href="#nowhere">raw</a></code></pre>\n');
    expect(result.code, result.output).toBe(0);
    expect(result.output).toContain('- #nowhere → no element with id "nowhere" on /docs/anchors');
  });

  it('the same anchor written as a Markdown link still fails', () => {
    const { result } = withAnchors('# Anchors\n\nSee [below](#nowhere).\n');
    expect(result.code).toBe(1);
    expect(result.output).toContain('#nowhere → no element with id "nowhere" on /docs/anchors');
  });
});

