import { existsSync } from 'node:fs';
import path from 'node:path';
import type { SiteConfig } from './schema.js';

/**
 * Where a site keeps each kind of file, as absolute paths. A docgen site keeps everything
 * under `contentDir`; a Docusaurus site has docs/, src/pages/, static/, versioned_docs/ and
 * i18n/ at its root. Every stage asks here instead of joining folder names itself.
 */
export interface SitePaths {
  siteDir: string;
  /** The folder of the docs that are not a versioned copy. */
  docs: string;
  /**
   * Folders holding version-<name>/ copies of older docs and version-<name>-sidebars.json
   * (Docusaurus), of the main docs or of an extra instance (Docusaurus prefixes those with its id).
   */
  versioned(instance?: string): { versionedDocs: string; versionedSidebars: string };
  pages: string;
  /** Static folders, first wins when two hold the same path. */
  static: string[];
  /** content/i18n or <site>/i18n: code.json and translated docs per locale. */
  i18n: string;
  /** Translated docs of one version ('docs folder' = the unversioned docs). */
  localeDocs(locale: string, version: { docsVersion: string; inDocsFolder: boolean; instance?: string }): string;
  localePages(locale: string): string;
}

export function sitePaths(config: SiteConfig, siteDir: string): SitePaths {
  const abs = (rel: string) => path.resolve(siteDir, rel);
  const content = abs(config.contentDir);
  const i18n = path.join(content, 'i18n');
  // Docusaurus keeps a locale's docs under its plugin's name; docgen under docs/.
  const docusaurusLayout = (locale: string) => existsSync(path.join(i18n, locale, 'docusaurus-plugin-content-docs'));
  return {
    siteDir,
    docs: config.docs.path ? abs(config.docs.path) : path.join(content, 'docs'),
    versioned(instance) {
      const prefix = instance === undefined ? '' : `${instance}_`;
      return { versionedDocs: path.join(content, `${prefix}versioned_docs`), versionedSidebars: path.join(content, `${prefix}versioned_sidebars`) };
    },
    pages: config.pages.path ? abs(config.pages.path) : path.join(content, 'pages'),
    static: (config.staticDirectories ?? [path.join(config.contentDir, 'static')]).map(abs),
    i18n,
    localeDocs(locale, version) {
      // An extra docs instance keeps its translations under its plugin's name with its id.
      const docusaurusFolder = version.inDocsFolder ? 'current' : `version-${version.docsVersion}`;
      if (version.instance) return path.join(i18n, locale, `docusaurus-plugin-content-docs-${version.instance}`, docusaurusFolder);
      if (docusaurusLayout(locale)) return path.join(i18n, locale, 'docusaurus-plugin-content-docs', docusaurusFolder);
      return path.join(i18n, locale, version.inDocsFolder ? 'docs' : path.join('versioned_docs', `version-${version.docsVersion}`));
    },
    localePages(locale) {
      const docusaurus = path.join(i18n, locale, 'docusaurus-plugin-content-pages');
      return existsSync(docusaurus) ? docusaurus : path.join(i18n, locale, 'pages');
    },
  };
}
