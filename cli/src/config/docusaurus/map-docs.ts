import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { ConfigError } from '../../errors.js';
import { missingName } from './evaluate.js';

/* eslint-disable @typescript-eslint/no-explicit-any -- a user's Docusaurus config, read defensively */

export interface Mapped {
  /** A docgen SiteConfigInput, built field by field. */
  out: Record<string, any>;
  warn: (message: string) => void;
  siteDir: string;
  configFile: string;
}

/** Docusaurus's docs plugin options → docgen's `docs` and `markdown` options. */
export function mapDocsOptions(docs: any, m: Mapped): void {
  const { out, warn, siteDir } = m;
  const rel = (p: string) => path.relative(siteDir, path.resolve(siteDir, p)).split(path.sep).join('/') || '.';
  const routeBasePath = typeof docs.routeBasePath === 'string' ? docs.routeBasePath : 'docs';
  const target: Record<string, any> = { routeBasePath: routeBasePath.replace(/^\/+|\/+$/g, '') || '/', path: rel(docs.path ?? 'docs') };
  // Docusaurus reads sidebars.js by default when it exists; `false` turns sidebars off.
  if (docs.sidebarPath !== false) {
    const file = typeof docs.sidebarPath === 'string' ? docs.sidebarPath : ['sidebars.js', 'sidebars.ts', 'sidebars.json', 'sidebars.mjs', 'sidebars.cjs'].find((f) => existsSync(path.join(siteDir, f)));
    if (file && existsSync(path.resolve(siteDir, file))) target.sidebarPath = rel(file);
  }
  if (docs.editUrl !== undefined) target.editUrl = docs.editUrl;
  for (const key of ['include', 'exclude']) if (Array.isArray(docs[key])) target[key] = docs[key].filter((g: unknown) => typeof g === 'string');
  if (docs.showLastUpdateTime !== undefined) target.showLastUpdateTime = Boolean(docs.showLastUpdateTime);
  if (docs.showLastUpdateAuthor !== undefined) target.showLastUpdateAuthor = Boolean(docs.showLastUpdateAuthor);
  Object.assign(target, sidebarDefaults(docs));
  mapVersions(docs, target, m);
  out.docs = target;
  const plugins = (key: string, before: string) => [...(docs[before] ?? []), ...(docs[key] ?? [])].filter((p: unknown) => {
    const name = missingName(Array.isArray(p) ? p[0] : p);
    if (name) warn(`docs.${key}: the plugin from "${name}" is not installed, so pages are compiled without it; run npm install in the site`);
    return !name;
  });
  out.markdown = { ...out.markdown, remarkPlugins: plugins('remarkPlugins', 'beforeDefaultRemarkPlugins'), rehypePlugins: plugins('rehypePlugins', 'beforeDefaultRehypePlugins') };
  mapAdmonitions(docs.admonitions, m);
  if (docs.breadcrumbs === false) out.themeConfig.docs = { ...out.themeConfig.docs, breadcrumbs: false };
  const ignored: [string, string][] = [
    ['sidebarItemsGenerator', 'its custom sidebar generator (the default one is used)'],
    ['numberPrefixParser', 'its number prefix parser (the default one is used)'],
    ['docItemComponent', 'its custom doc page component'],
    ['docCategoryGeneratedIndexComponent', 'its custom category index component'],
  ];
  for (const [key, loss] of ignored) if (docs[key] !== undefined) warn(`docs.${key} is not supported: the site loses ${loss}`);
}

/** sidebarCollapsed / sidebarCollapsible, the defaults of categories that do not say. */
const sidebarDefaults = (docs: any) => ({
  ...(typeof docs.sidebarCollapsed === 'boolean' ? { sidebarCollapsed: docs.sidebarCollapsed } : {}),
  ...(typeof docs.sidebarCollapsible === 'boolean' ? { sidebarCollapsible: docs.sidebarCollapsible } : {}),
});

/** `admonitions: { keywords, extendDefaults }` → the site's own admonition keywords. */
function mapAdmonitions(admonitions: any, m: Mapped): void {
  if (admonitions === undefined || admonitions === true) return;
  if (admonitions === false) {
    m.warn('docs.admonitions: false is not supported: ::: blocks stay admonitions');
    return;
  }
  const keywords = Array.isArray(admonitions.keywords) ? admonitions.keywords.filter((k: unknown) => typeof k === 'string' && /^[\w-]+$/.test(k)) : [];
  if (keywords.length) m.out.markdown = { ...m.out.markdown, admonitionKeywords: keywords };
  if (admonitions.extendDefaults === false) m.warn('docs.admonitions.extendDefaults: false is not supported: the default keywords (note, tip, info, warning, danger) stay admonitions too');
}

/**
 * A second `plugin-content-docs` instance → one of docgen's `docsInstances`: its folder, URL
 * and sidebars. It is built with its current docs only; what else it sets is named.
 */
export function mapDocsInstance(options: any, m: Mapped): void {
  const id = String(options.id);
  const rel = (p: string) => path.relative(m.siteDir, path.resolve(m.siteDir, p)).split(path.sep).join('/') || '.';
  const routeBasePath = typeof options.routeBasePath === 'string' ? options.routeBasePath : 'docs';
  const sidebarPath = typeof options.sidebarPath === 'string' && existsSync(path.resolve(m.siteDir, options.sidebarPath)) ? rel(options.sidebarPath) : undefined;
  m.out.docsInstances = [...(m.out.docsInstances ?? []), {
    id,
    path: rel(typeof options.path === 'string' ? options.path : 'docs'),
    routeBasePath: routeBasePath.replace(/^\/+|\/+$/g, '') || '/',
    ...(sidebarPath ? { sidebarPath } : {}),
    ...(options.editUrl !== undefined ? { editUrl: options.editUrl } : {}),
    ...sidebarDefaults(options),
  }];
  if (existsSync(path.join(m.siteDir, `${id}_versions.json`))) m.warn(`the docs instance "${id}" has versions (${id}_versions.json): docgen builds only its current docs`);
  const ignored = ['remarkPlugins', 'rehypePlugins', 'lastVersion', 'versions', 'include', 'exclude', 'showLastUpdateTime', 'showLastUpdateAuthor'].filter((k) => options[k] !== undefined);
  if (ignored.length) m.warn(`the docs instance "${id}": ${ignored.join(', ')} ${ignored.length > 1 ? 'are' : 'is'} not supported there (its pages use the main docs' settings)`);
}

/**
 * versions.json, lastVersion, includeCurrentVersion, onlyIncludeVersions and the per-version
 * options → docgen's explicit version list, newest first, 'current' being the docs folder.
 */
function mapVersions(docs: any, target: Record<string, any>, m: Mapped): void {
  const file = path.join(m.siteDir, 'versions.json');
  let released: string[] = [];
  if (existsSync(file) && docs.disableVersioning !== true) {
    try {
      released = JSON.parse(readFileSync(file, 'utf8'));
    } catch (error) {
      throw new ConfigError('versions.json', `versions.json is not valid JSON (${(error as Error).message}); expected an array of version names such as ["2.0", "1.0"]`);
    }
    if (!Array.isArray(released) || !released.every((v) => typeof v === 'string')) {
      throw new ConfigError('versions.json', 'versions.json must be an array of version names such as ["2.0", "1.0"]');
    }
  }
  if (released.length === 0 && !docs.versions && docs.lastVersion === undefined) return;
  let names = [...(docs.includeCurrentVersion === false ? [] : ['current']), ...released];
  if (Array.isArray(docs.onlyIncludeVersions)) names = names.filter((n) => docs.onlyIncludeVersions.includes(n));
  if (names.length === 0) throw new ConfigError('docs.onlyIncludeVersions', 'No docs version is left to build: check includeCurrentVersion, onlyIncludeVersions and versions.json');
  const options = (docs.versions ?? {}) as Record<string, any>;
  target.versions = names.map((name) => {
    const o = options[name] ?? {};
    return {
      name,
      ...(typeof o.label === 'string' ? { label: o.label } : {}),
      ...(typeof o.path === 'string' ? { path: o.path } : {}),
      ...(o.banner === 'none' || o.banner === 'unreleased' || o.banner === 'unmaintained' ? { banner: o.banner } : {}),
    };
  });
  // Docusaurus's default: the newest released version, else the current docs.
  const last = docs.lastVersion ?? released.find((n) => names.includes(n)) ?? names[0];
  if (!names.includes(last)) throw new ConfigError('docs.lastVersion', `lastVersion "${last}" is not one of the versions built (${names.join(', ')})`);
  target.lastVersion = last;
}
