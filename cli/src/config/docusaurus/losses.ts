/**
 * What a Docusaurus site loses with each plugin or theme docgen does not run, named in the
 * one warning the build prints for it. Matched on the package name's last part, so
 * '@docusaurus/plugin-pwa', 'plugin-pwa' and a require.resolve()d path all match.
 */
const KNOWN: [RegExp, string][] = [
  [/plugin-content-blog|blog-plugin/, 'the blog (its posts are not published)'],
  [/plugin-content-pages/, 'a second pages folder (only src/pages is read)'],
  [/plugin-pwa/, 'offline support (PWA)'],
  [/plugin-google-gtag|plugin-google-analytics|plugin-google-tag-manager|gtag|analytics|plausible|umami|posthog|hotjar/, 'analytics (no tracking script is added)'],
  [/plugin-sitemap/, 'sitemap.xml'],
  [/plugin-ideal-image/, 'responsive images (images are served as they are)'],
  [/plugin-client-redirects/, 'the redirects it declares'],
  [/plugin-debug/, 'the /__docusaurus/debug pages'],
  [/plugin-rsdoctor/, 'bundle analysis'],
  [/plugin-vercel-analytics/, 'analytics (no tracking script is added)'],
  [/search|lunr|algolia|typesense|orama|meilisearch/, "its search (docgen's built-in search is used instead)"],
  [/tailwind|postcss/, 'its PostCSS/Tailwind processing (stylesheets are used as written)'],
  [/openapi|redoc|api-docs/, 'the API reference pages it generates'],
  [/theme-live-codeblock/, 'live (editable) code blocks (they show as plain code)'],
  [/image-zoom|medium-zoom/, 'zoomable images'],
  [/typedoc/, 'the API pages TypeDoc generates (only pages already on disk are read)'],
  [/remote-content/, 'content it downloads at build time'],
  [/llms/, 'llms.txt'],
];

/** The package name of a plugin entry (string, [name, options], function or module object). */
export function pluginName(entry: unknown): string {
  const head = Array.isArray(entry) ? entry[0] : entry;
  if (typeof head === 'string') return head.replace(/\\/g, '/').replace(/^.*node_modules\//, '').replace(/\/(lib|dist|src)\/.*$/, '');
  if (typeof head === 'function') return head.name ? `a local plugin (${head.name})` : 'a local plugin';
  return 'a plugin';
}

export function lossOf(name: string): string {
  return KNOWN.find(([re]) => re.test(name))?.[1] ?? 'whatever it adds (its routes, client modules, webpack changes and content are not run)';
}
