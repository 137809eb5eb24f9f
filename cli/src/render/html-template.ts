import type { BootData, SiteData, PageData } from '@docgen/core/types';

export interface HtmlAssets {
  /** App entry script URL. */
  script: string;
  styles: string[];
  /** Modules to preload (the route chunk and its imports). */
  preload: string[];
  /** JSON files to preload (the sidebar). */
  preloadFetch: string[];
}

const escapeHtml = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
/** JSON inside <script>: '<' escaped so no '</script>' or '<!--' can close it. */
export const scriptJson = (value: unknown) => JSON.stringify(value).replace(/</g, '\\u003c').replace(/\u2028/g, '\\u2028').replace(/\u2029/g, '\\u2029');

export function documentTitle(page: Pick<PageData, 'title' | 'kind' | 'path'>, site: SiteData): string {
  return page.title && page.title !== site.title ? `${page.title} | ${site.title}` : site.title;
}

/** One full HTML document. */
export function htmlDocument(opts: {
  site: SiteData;
  page: PageData;
  body: string;
  boot: BootData | { site: SiteData };
  assets: HtmlAssets;
  headScript: string;
  robots?: string;
  /** Elements of the page's own MDX `<head>`: its <title> and description replace the defaults. */
  head?: string;
  /** The site's own elements for every page (config `headTags`, as HTML: head-tags.ts). */
  siteHead?: string;
}): string {
  const { site, page, body, boot, assets, headScript } = opts;
  const own = opts.head ?? '';
  const lang = site.locale.locales[site.locale.current]?.htmlLang ?? site.locale.current;
  const head = [
    '<meta charset="utf-8">',
    '<meta name="viewport" content="width=device-width, initial-scale=1">',
    /<title[\s>]/.test(own) ? '' : `<title>${escapeHtml(documentTitle(page, site))}</title>`,
    page.description && !/<meta[^>]*name="description"/.test(own) ? `<meta name="description" content="${escapeHtml(page.description)}">` : '',
    own,
    `<meta name="robots" content="${opts.robots ?? 'noindex, nofollow'}">`,
    '<meta name="generator" content="docgen 1.0.1">',
    site.favicon ? `<link rel="icon" href="${escapeHtml(site.favicon)}">` : '',
    // hreflang only means something when the site has several locales.
    ...Object.entries(Object.keys(page.alternates).length > 1 ? page.alternates : {}).map(([l, href]) => `<link rel="alternate" hreflang="${escapeHtml(site.locale.locales[l]?.htmlLang ?? l)}" href="${escapeHtml(href)}">`),
    // Before the theme's stylesheets, as Docusaurus puts its headTags before its CSS bundle.
    opts.siteHead ?? '',
    `<script>${headScript}</script>`,
    ...assets.styles.map((href) => `<link rel="stylesheet" href="${escapeHtml(href)}">`),
    `<link rel="modulepreload" href="${escapeHtml(assets.script)}">`,
    ...assets.preload.map((href) => `<link rel="modulepreload" href="${escapeHtml(href)}">`),
    ...assets.preloadFetch.map((href) => `<link rel="preload" as="fetch" crossorigin="use-credentials" href="${escapeHtml(href)}">`),
  ].filter(Boolean);
  return (
    `<!doctype html>\n<html lang="${escapeHtml(lang)}" dir="ltr" data-theme="${site.colorMode.defaultMode}">\n<head>\n${head.join('\n')}\n</head>\n` +
    `<body>\n<div id="__docgen">${body}</div>\n` +
    `<script id="__docgen_boot" type="application/json">${scriptJson(boot)}</script>\n` +
    `<script type="module" src="${escapeHtml(assets.script)}"></script>\n</body>\n</html>\n`
  );
}

/**
 * The /docs root and other redirects, for static hosting (docgen serve answers 302 itself),
 * titled in the language of the site (or locale) the redirect is under.
 */
export function redirectDocument(to: string, site: Pick<SiteData, 'locale' | 'messages'>): string {
  const href = escapeHtml(to);
  const lang = escapeHtml(site.locale.locales[site.locale.current]?.htmlLang ?? site.locale.current);
  const title = escapeHtml(site.messages['redirect.title'] ?? 'Redirecting…');
  return `<!doctype html>\n<html lang="${lang}"><head><meta charset="utf-8"><title>${title}</title><meta http-equiv="refresh" content="0; url=${href}"><link rel="canonical" href="${href}"><meta name="robots" content="noindex"></head>\n<body><p><a href="${href}">${href}</a></p></body></html>\n`;
}
