/** How a link is followed: the site's one set of URL rules (@docgen/core/url). */
export { isExternalHref, isInternalRoute, normalizeRoutePath, withBaseUrl } from '@docgen/core/url';
