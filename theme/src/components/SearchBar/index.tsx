import type { SiteData } from '../../types';

/** Placeholder for the navbar search item; the search issue replaces it. */
export function SearchBar(_props: { site: SiteData }) {
  return null;
}
