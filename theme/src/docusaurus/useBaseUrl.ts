import { useSite } from '../hooks/useSite';

export interface BaseUrlOptions {
  forcePrependBaseUrl?: boolean;
  absolute?: boolean;
}

/** Docusaurus's rule: a site-absolute path gets the baseUrl unless it already starts with it. */
export function withBaseUrl(baseUrl: string, url: string, { forcePrependBaseUrl = false, absolute = false }: BaseUrlOptions = {}): string {
  if (!url || url.startsWith('#') || /^(?:\w*:|\/\/)/.test(url)) return url;
  if (forcePrependBaseUrl) return baseUrl + url.replace(/^\//, '');
  if (url === '/' && baseUrl.endsWith('/')) return baseUrl;
  const path = url.startsWith(baseUrl) ? url : baseUrl + url.replace(/^\//, '');
  return absolute && typeof window !== 'undefined' ? window.location.origin + path : path;
}

/** `@docusaurus/useBaseUrl`. */
export default function useBaseUrl(url: string, options?: BaseUrlOptions): string {
  return withBaseUrl(useSite().baseUrl, url, options);
}

/** `useBaseUrlUtils` of `@docusaurus/useBaseUrl`. */
export function useBaseUrlUtils(): { withBaseUrl: (url: string, options?: BaseUrlOptions) => string } {
  const { baseUrl } = useSite();
  return { withBaseUrl: (url, options) => withBaseUrl(baseUrl, url, options) };
}
