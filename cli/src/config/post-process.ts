import { ConfigError } from '../errors.js';
import type { SiteConfig } from './schema.js';

/**
 * Rules that span several fields, checked after the schema. Rules that need the
 * content (a docSidebar item's sidebar being empty, a doc item's docId) run in routes/.
 */
export function checkConfigRules(config: SiteConfig): ConfigError[] {
  const errors: ConfigError[] = [];
  const { i18n, docs, themeConfig } = config;
  if (!i18n.locales.includes(i18n.defaultLocale)) {
    errors.push(new ConfigError('i18n.defaultLocale', `"${i18n.defaultLocale}" is not in i18n.locales (${i18n.locales.join(', ')}); add it there or pick one of them`));
  }
  // Each docs plugin's version names: the main docs' under 'default', each extra instance's under its id
  // (docsInstances may be missing from raw input the schema rejected).
  const versionsOf = new Map<string, string[]>();
  for (const [at, plugin, id] of [['docs', docs, 'default'] as const, ...(config.docsInstances ?? []).map((inst, i) => [`docsInstances.${i}`, inst, inst.id] as const)]) {
    const names = (plugin.versions ?? []).map((v) => v.name);
    const dup = names.find((n, j) => names.indexOf(n) !== j);
    if (dup) errors.push(new ConfigError(`${at}.versions`, `Version "${dup}" is listed twice; version names must be unique`));
    versionsOf.set(id, names.length > 0 ? names : ['current']);
  }
  themeConfig.navbar.items.forEach((item, i) => {
    const at = `themeConfig.navbar.items.${i}`;
    // An unknown docsPluginId is reported once the docs are read (site-data.ts): no names to check against.
    const known = versionsOf.get(('docsPluginId' in item && item.docsPluginId) || 'default');
    if (item.type === 'docsVersionDropdown' && known) {
      (item.versions ?? []).forEach((name, j) => {
        if (!known.includes(name)) {
          errors.push(new ConfigError(`${at}.versions.${j}`, `The docs version dropdown names version "${name}", which does not exist; expected one of: ${known.join(', ')}`));
        }
      });
    }
    if (item.type === 'docsVersion' && known && item.version !== undefined && !known.includes(item.version)) {
      errors.push(new ConfigError(`${at}.version`, `The docs version link names version "${item.version}", which does not exist; expected one of: ${known.join(', ')}`));
    }
    if (item.type === 'default' && !item.to && !item.href) {
      errors.push(new ConfigError(at, 'A navbar link needs "to" (internal route) or "href" (external URL)'));
    }
  });
  const toc = themeConfig.tableOfContents;
  if (toc.minHeadingLevel > toc.maxHeadingLevel) {
    errors.push(new ConfigError('themeConfig.tableOfContents', `minHeadingLevel (${toc.minHeadingLevel}) is greater than maxHeadingLevel (${toc.maxHeadingLevel})`));
  }
  return errors;
}
