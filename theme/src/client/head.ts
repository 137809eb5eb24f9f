import type { PageData, SiteData } from '../types';

/** "Page | Site", or the site title alone for the home page (as the engine prints it). */
export function documentTitle(site: SiteData, page: PageData): string {
  if (!page.title || page.title === site.title) return site.title;
  return `${page.title} | ${site.title}`;
}
