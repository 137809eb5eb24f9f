import { existsSync } from 'node:fs';
import type { NavLink, SidebarItem } from '@docgen/core/types';
import { readMessagesJson } from '../i18n/code-json.js';
import type { SidebarResult } from './sidebar.js';

/**
 * Docusaurus's sidebar translations: `i18n/<locale>/docusaurus-plugin-content-docs/current.json`
 * (`version-<name>.json` for a released version), keyed by the default locale's labels:
 * `sidebar.<id>.category.<label>` (and its `.link.generated-index.title` / `.description`),
 * `sidebar.<id>.link.<label>`, `sidebar.<id>.doc.<label>`. Labels only: URLs keep the default
 * locale's slugs, as in Docusaurus. Null when the locale has no such file.
 */
export function readSidebarTranslations(localeDocsDir: string, siteDir: string): Map<string, string> | null {
  const file = `${localeDocsDir}.json`;
  return existsSync(file) ? readMessagesJson(file, siteDir) : null;
}

/** Translates one sidebar's labels in place: its items, generated-index pages, breadcrumbs and reading order. */
export function translateSidebar(result: SidebarResult, sidebarId: string, messages: Map<string, string>): void {
  const prefix = `sidebar.${sidebarId}.`;
  const titles = new Map<string, string>(); // category href → translated label
  const labels = new Map<string, string>(); // category label → translated label (breadcrumbs without href)
  const walk = (items: SidebarItem[]) => {
    for (const item of items) {
      if (item.type === 'html') continue;
      if (item.type === 'link') {
        item.label = messages.get(`${prefix}doc.${item.label}`) ?? messages.get(`${prefix}link.${item.label}`) ?? item.label;
        continue;
      }
      const key = `${prefix}category.${item.label}`;
      const page = item.href ? result.categoryPages.find((p) => p.path === item.href) : undefined;
      if (page) {
        page.title = messages.get(`${key}.link.generated-index.title`) ?? messages.get(key) ?? page.title;
        page.description = messages.get(`${key}.link.generated-index.description`) ?? page.description;
      }
      const translated = messages.get(key);
      if (translated !== undefined) {
        labels.set(item.label, translated);
        if (item.href) titles.set(item.href, translated);
        item.label = translated;
      }
      walk(item.items);
    }
  };
  walk(result.items);
  const rename = (link: NavLink): NavLink => ({ ...link, title: (link.href ? titles.get(link.href) : undefined) ?? labels.get(link.title) ?? link.title });
  for (const [route, trail] of result.breadcrumbs) result.breadcrumbs.set(route, trail.map(rename));
  result.order = result.order.map((link) => (titles.has(link.href) ? rename(link) : link));
  for (const page of result.categoryPages) {
    for (const card of page.cards) if (card.type === 'category') card.label = titles.get(card.href) ?? labels.get(card.label) ?? card.label;
  }
}
