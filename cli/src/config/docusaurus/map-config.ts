import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { lossOf, pluginName } from './losses.js';
import { mapDocsInstance, mapDocsOptions, type Mapped } from './map-docs.js';
import { mapThemeConfig } from './map-theme-config.js';

/* eslint-disable @typescript-eslint/no-explicit-any -- a user's Docusaurus config, read defensively */

/**
 * A Docusaurus config object → the equivalent docgen site config (not yet validated), and
 * one warning for each thing docgen leaves out, naming what the site loses. The site keeps
 * Docusaurus's layout: docs/, src/pages/, static/, versioned_docs/ and i18n/ at its root.
 */
export function mapDocusaurusConfig(dc: any, opts: { siteDir: string; configFile: string; missing: string[] }): { config: Record<string, any>; warnings: string[] } {
  const warnings: string[] = [];
  const warn = (message: string) => warnings.push(`${path.basename(opts.configFile)}: ${message}`);
  const out: Record<string, any> = { title: dc.title ?? '', contentDir: '.', themeConfig: {}, markdown: {} };
  const m: Mapped = { out, warn, siteDir: opts.siteDir, configFile: opts.configFile };
  for (const key of ['tagline', 'url', 'baseUrl', 'favicon', 'onBrokenLinks', 'onBrokenAnchors'] as const) {
    if (typeof dc[key] === 'string') out[key] = dc[key];
  }
  // Docusaurus adds the slashes a baseUrl lacks ('/docs' is '/docs/').
  if (typeof out.baseUrl === 'string') out.baseUrl = `/${out.baseUrl}/`.replace(/\/{2,}/g, '/');
  // Docusaurus 3.9 moved this option under markdown.hooks; both are read.
  const brokenMd = dc.markdown?.hooks?.onBrokenMarkdownLinks ?? dc.onBrokenMarkdownLinks;
  if (typeof brokenMd === 'string') out.onBrokenMarkdownLinks = brokenMd;
  else if (typeof brokenMd === 'function') warn('markdown.hooks.onBrokenMarkdownLinks as a function is not supported; a broken .md link warns');
  // Docusaurus checks anchors apart, and only warns by default.
  out.onBrokenAnchors ??= 'warn';
  out.onDuplicateRoutes = typeof dc.onDuplicateRoutes === 'string' ? dc.onDuplicateRoutes : 'warn';
  // Docusaurus's 'log' reports without failing, as docgen's 'warn' does.
  for (const key of ['onBrokenLinks', 'onBrokenAnchors', 'onBrokenMarkdownLinks', 'onDuplicateRoutes']) if (out[key] === 'log') out[key] = 'warn';
  // false: no page URL ends with '/', not even an index doc's (relative links resolve as such).
  if (dc.trailingSlash === false) out.trailingSlash = false;
  if (dc.trailingSlash === true) {
    out.trailingSlash = true;
    warn('trailingSlash: true is partly supported: relative links in pages resolve from "<page>/", as in Docusaurus, but docgen writes URLs without a trailing slash (docgen serve answers both forms)');
  }
  const i18n = dc.i18n ?? {};
  const defaultLocale = i18n.defaultLocale ?? 'en';
  out.i18n = {
    defaultLocale,
    locales: Array.isArray(i18n.locales) && i18n.locales.length ? i18n.locales : [defaultLocale],
    localeConfigs: Object.fromEntries(Object.entries(i18n.localeConfigs ?? {}).map(([l, c]: [string, any]) => [l, {
      ...(typeof c?.label === 'string' ? { label: c.label } : {}),
      ...(typeof c?.htmlLang === 'string' ? { htmlLang: c.htmlLang } : {}),
    }])),
  };
  out.staticDirectories = Array.isArray(dc.staticDirectories) && dc.staticDirectories.length ? dc.staticDirectories : ['static'];
  out.pages = { path: 'src/pages' };
  if (dc.markdown?.mermaid) out.markdown.mermaid = true;
  mapMarkdownFormat(dc, m);

  mapPresetsAndPlugins(dc, m);
  mapThemeConfig(dc.themeConfig ?? {}, m);
  const tags = headTags(dc);
  if (tags.length) out.headTags = tags;
  for (const [key, loss] of [
    ['clientModules', 'its client modules (code run on every page)'],
    ['ssrTemplate', 'its custom HTML template'],
    ['webpack', 'its webpack settings'],
  ] as const) {
    const v = dc[key];
    if (v !== undefined && !(Array.isArray(v) && v.length === 0)) warn(`${key} is not supported: the site loses ${loss}`);
  }
  const named = warnings.join('\n');
  for (const name of opts.missing) {
    // A plugin already named in its own warning is not reported twice.
    if (!/^@docusaurus\/|^prism-react-renderer$/.test(name) && !named.includes(`"${name}"`)) warn(`the package "${name}" is imported but not installed: what the config takes from it is left out (run npm install in the site)`);
  }
  return { config: out, warnings };
}

/**
 * `headTags`, then `stylesheets` and `scripts`, in Docusaurus's order (its bootstrap plugin):
 * a string is a stylesheet's href or a script's src, an object its attributes.
 */
function headTags(dc: any): { tagName: string; attributes: Record<string, unknown>; innerHTML?: unknown }[] {
  const list = (v: unknown): unknown[] => (Array.isArray(v) ? v : []);
  return [
    ...(list(dc.headTags) as { tagName: string; attributes: Record<string, unknown>; innerHTML?: unknown }[]),
    ...list(dc.stylesheets).map((s) => ({ tagName: 'link', attributes: typeof s === 'string' ? { rel: 'stylesheet', href: s } : { rel: 'stylesheet', ...(s as object) } })),
    ...list(dc.scripts).map((s) => ({ tagName: 'script', attributes: typeof s === 'string' ? { src: s } : { ...(s as object) } })),
  ];
}

function mapPresetsAndPlugins(dc: any, m: Mapped): void {
  let docs: any = undefined;
  for (const preset of dc.presets ?? []) {
    const name = pluginName(preset);
    const options = Array.isArray(preset) ? preset[1] ?? {} : {};
    if (!/classic/.test(name)) {
      m.warn(`the preset "${name}" is not supported: the site loses ${lossOf(name)}`);
      continue;
    }
    if (options.docs !== false) docs = options.docs ?? {};
    const blog = options.blog;
    if (blog !== false && existsSync(path.join(m.siteDir, blog?.path ?? 'blog'))) {
      m.warn(`the blog is not supported: the posts in ${blog?.path ?? 'blog'}/ are not published (links to them only warn)`);
      unpublish(m, blog?.routeBasePath ?? 'blog');
    }
    const css = options.theme?.customCss;
    m.out.customCss = (Array.isArray(css) ? css : css ? [css] : []).map((f: string) => path.relative(m.siteDir, path.resolve(m.siteDir, f)).split(path.sep).join('/'));
    for (const key of ['gtag', 'googleAnalytics', 'googleTagManager']) if (options[key]) m.warn(`${key} is not supported: the site loses analytics (no tracking script is added)`);
    if (options.sitemap && options.sitemap !== false) m.warn('sitemap options are ignored: docgen writes no sitemap.xml');
  }
  for (const plugin of [...(dc.plugins ?? []), ...(dc.themes ?? [])]) {
    if (!plugin) continue;
    const name = pluginName(plugin);
    const options = Array.isArray(plugin) ? plugin[1] ?? {} : {};
    if (/theme-mermaid/.test(name)) {
      m.out.markdown.mermaid = m.out.markdown.mermaid ?? true;
      continue;
    }
    if (/theme-github-codeblock$/.test(name)) {
      m.out.markdown.codeReferences = true; // docusaurus-theme-github-codeblock's `reference` fences
      continue;
    }
    if (/theme-classic$/.test(name)) continue; // what docgen's theme is
    if (/plugin-svgr$/.test(name)) continue; // SVG imports are components already (bundle/svg-component.ts)
    if (/plugin-sass$/.test(name)) continue; // .scss is compiled with the site's sass (bundle/sass.ts)
    if (/plugin-content-docs/.test(name)) {
      if (docs === undefined && (options.id === undefined || options.id === 'default')) {
        docs = options;
        continue;
      }
      mapDocsInstance(options, m);
      continue;
    }
    m.warn(`the plugin "${name}" is not supported: the site loses ${lossOf(name)}`);
    if (/plugin-content-blog/.test(name)) unpublish(m, options.routeBasePath ?? 'blog');
  }
  if (docs !== undefined) mapDocsOptions(docs, m);
  else m.out.docs = { path: 'docs', routeBasePath: 'docs' };
}

/**
 * `markdown.format` as given. Without one, a Docusaurus 2 site (its package.json depends on
 * @docusaurus/core 2.x) gets 'mdx1': Docusaurus 2 read .md with MDX 1, which took `<`, `{`
 * and HTML that MDX 3 rejects (CommonMark reads such files as their authors meant), and let
 * .md files import and use components (those are read as MDX).
 */
function mapMarkdownFormat(dc: any, m: Mapped): void {
  const format = dc.markdown?.format;
  if (format !== undefined) {
    m.out.markdown.format = format;
    return;
  }
  const core = docusaurusCoreVersion(m.siteDir);
  if (core && /^[\^~=v\s]*2(\.|$)/.test(core)) {
    m.out.markdown.format = 'mdx1';
    m.warn(`@docusaurus/core ${core} (Docusaurus 2, MDX 1): .md files are read as CommonMark (no JSX or {expressions}) unless they import, export or use JSX components, and .mdx as MDX 3 (markdown.format: 'mdx1'); set markdown.format to 'mdx' to read every file as MDX`);
  }
}

function docusaurusCoreVersion(siteDir: string): string | undefined {
  try {
    const pkg = JSON.parse(readFileSync(path.join(siteDir, 'package.json'), 'utf8'));
    const version = pkg.dependencies?.['@docusaurus/core'] ?? pkg.devDependencies?.['@docusaurus/core'];
    return typeof version === 'string' ? version : undefined;
  } catch {
    return undefined; // no package.json (or not JSON): nothing to go by
  }
}

/** A URL path of content docgen leaves out: links into it warn, naming why, instead of failing as broken. */
function unpublish(m: Mapped, routeBasePath: unknown): void {
  m.out.unpublishedPaths = [...(m.out.unpublishedPaths ?? []), `${m.out.baseUrl ?? '/'}${String(routeBasePath).replace(/^\/+/, '')}`];
}
