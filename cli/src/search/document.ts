import type { PageData } from '@docgen/core/types';
import type { SearchDocument, SearchSection } from '@docgen/core/search/types';

/** A doc page as the search index takes it (build and dev alike). */
export function searchDocument(page: PageData, sections: SearchSection[]): SearchDocument {
  return {
    path: page.path,
    title: page.title,
    locale: page.locale,
    sections,
    ...(page.version ? { version: page.version } : {}),
    ...(page.description ? { description: page.description } : {}),
  };
}

/** Whether a page goes into the search index: docs, except unlisted ones (as in Docusaurus). */
export const inSearch = (page: PageData): boolean => page.kind === 'doc' && !page.unlisted;

/** The index a doc page belongs to: one per (locale, version). */
export const searchGroup = (page: PageData): string => `${page.locale}/${page.version ?? ''}`;
