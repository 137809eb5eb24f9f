import type { PageData, TocItem } from '@docgen/core/types';

/** What compiling and bundling a page learned that the route table could not know. */
export interface LearnedPageData {
  /** The page's headings within the configured levels (MDX pages). */
  toc?: TocItem[];
  /** `export const frontMatter` of a page component (content/pages/*.tsx). */
  frontMatter?: { title?: string; description?: string };
}

/**
 * The page data a route renders with: its table entry plus what was learned. A new object:
 * the route table stays as the routes stage built it (build and dev share this rule).
 */
export function resolvePage(page: PageData, learned: LearnedPageData | undefined, siteTitle: string, isModule: boolean): PageData {
  const out: PageData = learned?.toc ? { ...page, toc: learned.toc } : { ...page };
  if (isModule) {
    // A page component names its title (and description) in `frontMatter`; else the site's title.
    out.title = learned?.frontMatter?.title ?? siteTitle;
    if (learned?.frontMatter?.description) out.description = learned.frontMatter.description;
  }
  return out;
}
