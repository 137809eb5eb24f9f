import { headTagsHtml } from '../render/head-tags.js';
import { ContentError, DocgenError } from '../errors.js';
import { renderPage, searchKey } from '../render/render-page.js';
import type { Route } from '../routes/build-routes.js';
import { sourceFileOf } from '../routes/source-file.js';
import type { ProblemBoard } from './problems.js';
import type { DevSession } from './session.js';
import { DEV_CLIENT_PATH } from './urls.js';
import type { SidebarMemo, ThemeServer } from '../bundle/site.js';
import { Revisions } from './revisions.js';
import { DevSearch } from './search-index.js';
import type { SidebarItem, SiteData } from '@docgen/core/types';

/**
 * One route's HTML: the build's renderPage with dev's URLs (memory bundles, versioned chunk
 * URLs), so a page looks the same in dev and in a build. Only the dev client script is added.
 */
export async function renderRouteHtml(session: DevSession, route: Route, clientUrl = DEV_CLIENT_PATH): Promise<string> {
  const built = route.source ? await session.content.page(route) : null;
  return renderWith(session, route, built?.node.exports.default as Content, clientUrl);
}

type Content = Parameters<typeof renderPage>[0]['Content'];

/**
 * The route's HTML as the next start's first render would make it: the URLs of its chunk,
 * sidebar, manifest and search index at revision 0 (a new session's), not this session's.
 * Kept at close for that start (start-page.ts); never cached here. `parts` are the site data
 * and sidebar to render with when the session has no route table yet (start-inputs.ts).
 */
export async function renderAsAtStart(session: DevSession, route: Route, parts?: RouteParts): Promise<string> {
  const built = route.source ? await session.content.page(route) : null;
  return renderWith(session, route, built?.node.exports.default as Content, DEV_CLIENT_PATH, atStart(session, route, parts));
}

/** What a route's render takes from the route table: its locale's site data and its sidebar. */
export interface RouteParts {
  site: SiteData;
  sidebar: SidebarItem[] | null;
}

function atStart(session: DevSession, route: Route, parts?: RouteParts): UrlSource {
  const revisions = new Revisions(session.files.prefix);
  const search = new DevSearch(session.files.prefix);
  return { update: revisions.update(route), manifest: revisions.manifestUrl(), searchIndex: (key) => search.urlOf(key), parts };
}

/** Where a render takes its versioned URLs from: this session's revisions, or a new session's. */
interface UrlSource {
  update: { chunk: string; sidebar: string | null };
  manifest: string;
  searchIndex(key: string): string;
  /** Given, not the session's route table's. */
  parts?: RouteParts;
}

/**
 * Renders the route's layout around empty content, the result thrown away: the first render
 * of a process loads and optimises React's renderer, the theme's components and the locale's
 * date formats (35 ms). Called while the first page compiles on the worker, so the render
 * that follows the compile is a warm one.
 */
export function warmRenderer(session: DevSession, route: Route, parts?: RouteParts): void {
  try {
    renderWith(session, route, route.source ? () => null : undefined, DEV_CLIENT_PATH, parts && atStart(session, route, parts));
  } catch {
    // the real render reports whatever is wrong
  }
}

/**
 * Each route's last HTML with everything it was rendered from. A save renders its page twice
 * (the request that shows it, then the link check a moment later) and a reload of an unchanged
 * page renders it again: with the same inputs, the same HTML, without React.
 */
const rendered = new WeakMap<Route, { inputs: unknown[]; html: string }>();

function renderWith(session: DevSession, route: Route, Content: Content | undefined, clientUrl: string, atStart?: UrlSource): string {
  const { content, theme } = session;
  const app = session.appAssets();
  const site = atStart?.parts?.site ?? content.siteData.get(route.locale)!;
  const update = atStart?.update ?? content.update(route);
  const key = site.search ? searchKey(route.page, site) : null;
  const searchIndex = key === null ? undefined : atStart ? atStart.searchIndex(key) : content.search.urlOf(key);
  const manifest = atStart?.manifest ?? content.revisions.manifestUrl();
  const sidebar = atStart?.parts ? atStart.parts.sidebar : route.sidebarKey ? content.table.sidebars.get(route.sidebarKey) ?? null : null;
  // Objects are replaced, never changed, when what they hold changes (route.page.toc comes with Content).
  const inputs = [Content, route.page, site, content.table, theme, app, update.chunk, update.sidebar, manifest, searchIndex, clientUrl];
  const last = rendered.get(route);
  if (!atStart && last && last.inputs.every((v, i) => v === inputs[i])) return last.html;
  if (!atStart) session.renders.set(route.path, (session.renders.get(route.path) ?? 0) + 1);
  // Given parts come before any table: their memo is kept with them.
  const memo = sidebarMemo(atStart?.parts ?? content.table, theme);
  const html = withDevClient(renderPage({
    theme: memo ? { ...theme, renderRoute: (input) => theme.renderRoute(input, memo) } : theme,
    route,
    page: route.page,
    site,
    sidebar,
    Content,
    urls: {
      chunk: update.chunk,
      sidebar: update.sidebar,
      manifest,
      ...(searchIndex ? { searchIndex } : {}),
    },
    assets: { script: app.script, styles: app.styles, preload: [...app.preload, update.chunk], preloadFetch: update.sidebar ? [update.sidebar] : [] },
    siteHead: headTagsHtml(session.config.headTags),
  }), clientUrl);
  if (!atStart) rendered.set(route, { inputs, html });
  return html;
}

/**
 * Sidebar categories a page is not in, rendered once (the theme's server-memo.tsx) for as
 * long as the route table (or the parts a start's first page is rendered with, start-inputs.ts)
 * and the theme stay the objects they are: a change to either replaces it, so no category's HTML outlives what it was rendered from. At 10,000 pages the
 * sidebar was most of a save's render.
 */
const memos = new WeakMap<object, { theme: ThemeServer; memo: SidebarMemo }>();

function sidebarMemo(table: object, theme: ThemeServer): SidebarMemo | null {
  if (!theme.SidebarMemo) return null;
  let entry = memos.get(table);
  if (!entry || entry.theme !== theme) memos.set(table, (entry = { theme, memo: new theme.SidebarMemo() }));
  return entry.memo;
}

/**
 * Renders a route, recording a failure as the page's problem (a compile problem is already
 * recorded; anything else is a render error) and clearing it on success. Null on failure.
 */
export async function renderChecked(session: DevSession, route: Route, problems: ProblemBoard): Promise<string | null> {
  const file = sourceFileOf(route);
  try {
    const html = await renderRouteHtml(session, route, DEV_CLIENT_PATH);
    problems.clear(`render:${file}`);
    return html;
  } catch (error) {
    if (problems.has(`page:${file}`)) return null;
    const reason = error instanceof DocgenError ? error : new ContentError({ file }, String((error as Error)?.message ?? error), { cause: error });
    problems.set(`render:${file}`, reason);
    return null;
  }
}

/** Adds the dev client (live updates, error overlay) before the page's own scripts run. */
export function withDevClient(html: string, clientUrl: string): string {
  return html.replace('</head>', `<script type="module" src="${clientUrl}"></script>\n</head>`);
}

/**
 * What a page shows when it has never rendered without a mistake (or the site could not
 * start): the dev client shows the problems over it and reloads once they are fixed.
 */
export function devErrorPage(clientUrl: string | null, problems: string[]): string {
  const escape = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
  return (
    '<!doctype html>\n<html lang="en"><head><meta charset="utf-8"><meta name="docgen-dev-error" content="true">' +
    '<title>docgen dev: error</title>' +
    (clientUrl ? `<script type="module" src="${clientUrl}"></script>` : '') +
    '</head>\n<body style="font:14px/1.5 ui-monospace,monospace;padding:2rem;background:#1e1e1e;color:#eee">' +
    `<h1 style="font-size:1.2rem;color:#ff8a80">docgen dev could not render this page</h1><pre>${escape(problems.join('\n\n'))}</pre>` +
    '<p>Fix the file and save: this page reloads by itself.</p></body></html>\n'
  );
}
