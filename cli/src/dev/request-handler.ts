import type { IncomingMessage, ServerResponse } from 'node:http';
import path from 'node:path';
import { routeModule } from '../bundle/entries.js';
import { isPageRequest, parseTarget } from '../serve/request-path.js';
import { guardRequests, redirect, sendJson, sendStatus, sendText } from '../serve/respond.js';
import { inlineScriptHashes, pageCsp, setCommonHeaders } from '../serve/security-headers.js';
import { readEntry } from '../serve/file-cache.js';
import { isAllowedHost } from '../serve/request-origin.js';
import { sendFile } from '../serve/static-files.js';
import { canonicalRoutePath, joinRoute } from '@docgen/core/url';
import type { Route } from '../routes/build-routes.js';
import { DEV_CLIENT_PATH, DEV_EVENTS_PATH, DEV_HOSTS } from './urls.js';
import type { EventHub } from './events.js';
import { sourceFileOf } from '../routes/source-file.js';
import type { ProblemBoard } from './problems.js';
import { renderLoginShell } from '../render/render-page.js';
import { devErrorPage, renderChecked } from './render-page.js';
import type { DevSession } from './session.js';
import { trace } from './trace.js';
import { markBusy } from './idle.js';
import { sitePaths } from '../config/site-paths.js';
import { findStaticFile } from '../content/static-files.js';

export interface HandlerContext {
  /** The session serving now, or null while the site has never started without a mistake. */
  session(): DevSession | null;
  /** Resolves once the first start attempt finished (well or not). */
  ready: Promise<unknown>;
  /** The dev client script (bundled once per process). */
  devClient: Promise<string>;
  hub: EventHub;
  problems: ProblemBoard;
  /** Called with each page the server rendered (the link check reads it). */
  rendered(session: DevSession, route: Route, html: string): void;
  /** Settles once the kept start page was checked (or the first start attempt finished). */
  startChecked: Promise<unknown>;
  /** The kept start page's HTML for this path, while the first route table is being built. */
  startPage(pathname: string): string | null;
}

type Handler = (req: IncomingMessage, res: ServerResponse) => void;

/** What the session did so far, for tools and tests: counts, never times (under the dev data prefix). */
const STATS_PATH = 'stats.json';

export function createDevHandler(ctx: HandlerContext): Handler {
  return guardRequests('docgen dev', (req, res) => route(ctx, req, res), (_req, res) => setCommonHeaders(res));
}

async function route(ctx: HandlerContext, req: IncomingMessage, res: ServerResponse): Promise<void> {
  const target = parseTarget(req.url);
  // Busy from the request until its answer is sent (a page may wait for its compile); a tool
  // polling the counters (stats.json) is not a writer at work.
  if (!target.ok || target.pathname !== `${ctx.session()?.files.prefix}${STATS_PATH}`) {
    markBusy();
    res.once('finish', markBusy);
  }
  if (!target.ok) return sendStatus(res, target.status);
  // Against DNS rebinding (a page whose name now points here would read the site): dev answers
  // only loopback names and IP literals, whatever it listens on.
  if (!isAllowedHost(req, DEV_HOSTS)) return sendText(res, 421, 'docgen dev: this server answers only localhost, 127.0.0.1, [::1] or an IP address');
  const { pathname, search } = target;
  if (pathname === DEV_CLIENT_PATH) return sendScript(res, await ctx.devClient);
  await Promise.race([ctx.ready, ctx.startChecked]);
  const early = req.method === 'GET' ? ctx.startPage(pathname) : null;
  if (early !== null) {
    trace(`start page ${pathname}`);
    return sendHtml(res, 200, early, null);
  }
  await ctx.ready;
  const session = ctx.session();
  const gate = session?.gate ?? null;
  if (gate) {
    // Loaded with the gate: a start without sign-in never loads the token verifier.
    const { handleSession, hasSession, isSessionRequest, refuse } = await import('./gate.js');
    if (isSessionRequest(gate, pathname)) return handleSession(gate, req, res);
    if (pathname.startsWith(session!.files.urlOf('login', ''))) return sendMemory(session!, res, pathname);
    if (!hasSession(gate, req)) {
      return refuse(res, isPageRequest(req, pathname), async () => {
        const site = session!.content.siteData.get(session!.config.i18n.defaultLocale)!;
        return renderLoginShell(site, session!.theme, await session!.loginAssets());
      });
    }
  }
  if (pathname === DEV_EVENTS_PATH) return ctx.hub.connect(req, res);
  if (req.method !== 'GET' && req.method !== 'HEAD') return sendStatus(res, 404);
  if (!session) {
    if (!isPageRequest(req, pathname)) return sendText(res, 503, 'docgen dev: the site has a mistake; see the terminal');
    return sendHtml(res, 500, devErrorPage(DEV_CLIENT_PATH, ctx.problems.all().map((p) => p.text)), null);
  }
  return serveSite(ctx, session, req, res, pathname, search);
}

async function serveSite(ctx: HandlerContext, session: DevSession, req: IncomingMessage, res: ServerResponse, pathname: string, search: string) {
  const { content, files, base } = session;
  if (pathname.startsWith(files.prefix)) return serveDevData(session, req, res, pathname);
  const image = content.images.files.get(pathname.slice(base.length + 1));
  if (image) return sendFile(req, res, await readEntry(image), { status: 200, cacheControl: 'no-store', auth: session.auth });
  const staticFile = await findStatic(session, pathname);
  if (staticFile) return sendFile(req, res, await readEntry(staticFile), { status: 200, cacheControl: 'no-store', auth: session.auth });

  const redirectTo = content.table.redirects[pathname];
  if (redirectTo) return redirect(res, redirectTo + search, 302);
  // The URL forms a build accepts (trailing slash, index.html, .html) lead to the bare path.
  const bare = canonicalRoutePath(pathname);
  if (bare !== pathname && (content.byPath.has(bare) || content.table.redirects[bare])) return redirect(res, bare + search, 301);
  const found = content.byPath.get(pathname);
  const page = found && found.page.kind !== 'notFound' ? found : notFoundRoute(session, pathname);
  if (!page) return sendStatus(res, 404);
  return servePage(ctx, session, res, page, page === found ? 200 : 404);
}

async function servePage(ctx: HandlerContext, session: DevSession, res: ServerResponse, route: Route, status: number) {
  trace(`render ${route.path}`);
  const html = await renderChecked(session, route, ctx.problems);
  trace(`rendered ${route.path}`);
  if (html === null) return sendHtml(res, 500, devErrorPage(DEV_CLIENT_PATH, ctx.problems.all().map((p) => p.text)), session);
  sendHtml(res, status, html, session);
  if (status === 200) session.lastPage = route;
  ctx.rendered(session, route, html);
  // The page on screen is the one its writer saves next.
  session.compileCache.warm(route.path);
}

/** Chunks, sidebars, the route manifest and the bundles, all from memory. */
async function serveDevData(session: DevSession, req: IncomingMessage, res: ServerResponse, pathname: string) {
  const { content, files } = session;
  const query = new URL(req.url!, 'http://x').searchParams;
  const name = pathname.slice(files.prefix.length);
  if (name === 'routes.json') return sendJson(res, 200, content.revisions.manifest(content.table));
  // Which file each route comes from: for tools (bench/dev.mjs picks the page it edits).
  if (name === 'sources.json') return sendJson(res, 200, Object.fromEntries(content.table.routes.filter((r) => r.source).map((r) => [r.path, sourceFileOf(r)])));
  if (name === STATS_PATH) return sendJson(res, 200, session.stats());
  if (name === 'search.json') return sendJsonText(res, await content.search.index(content, query.get('key') ?? ''));
  // Files beside the index: page texts, and a large site's term and page files (sharded index).
  if (/^search-(text|terms|pages)-/.test(name)) {
    const text = content.search.text(name);
    return text === undefined ? sendStatus(res, 404) : sendJsonText(res, text);
  }
  if (name === 'sidebar.json') {
    const items = content.table.sidebars.get(query.get('key') ?? '');
    return items ? sendJson(res, 200, items) : sendStatus(res, 404);
  }
  if (name === 'chunk.js') {
    const route = content.byPath.get(query.get('route') ?? '');
    if (!route) return sendStatus(res, 404);
    if (!route.source) return sendScript(res, routeModule(null, route.page));
    try {
      await content.page(route);
      return sendScript(res, (await content.pages.chunk(route)).code);
    } catch {
      // The problem is on the board (and in the overlay); the page keeps what it shows.
      return sendText(res, 500, `docgen dev: ${route.path} has a mistake; see the terminal`);
    }
  }
  return sendMemory(session, res, pathname);
}

async function sendMemory(session: DevSession, res: ServerResponse, pathname: string) {
  await session.browser;
  const file = session.files.get(pathname);
  if (!file) return sendStatus(res, 404);
  res.statusCode = 200;
  res.setHeader('Content-Type', file.type);
  res.setHeader('Cache-Control', 'no-store');
  if (file.type.startsWith('text/javascript')) res.setHeader('Content-Security-Policy', pageCsp(session.auth, []));
  res.end(file.contents);
}

function sendJsonText(res: ServerResponse, text: string) {
  res.statusCode = 200;
  res.setHeader('Content-Type', 'application/json; charset=utf-8');
  res.setHeader('Cache-Control', 'no-store');
  res.end(text);
}

function sendScript(res: ServerResponse, code: string) {
  res.statusCode = 200;
  res.setHeader('Content-Type', 'text/javascript; charset=utf-8');
  res.setHeader('Cache-Control', 'no-store');
  res.setHeader('Content-Security-Policy', pageCsp(null, []));
  res.end(code);
}

function sendHtml(res: ServerResponse, status: number, html: string, session: DevSession | null) {
  res.statusCode = status;
  res.setHeader('Content-Type', 'text/html; charset=utf-8');
  res.setHeader('Cache-Control', 'no-store');
  res.setHeader('Content-Security-Policy', pageCsp(session?.auth ?? null, inlineScriptHashes(html)));
  res.end(html);
}

/** The static folders are served at the site root, as a build copies it there. */
async function findStatic(session: DevSession, pathname: string): Promise<string | null> {
  const rel = pathname.slice(session.base.length + 1);
  if (!rel) return null;
  return findStaticFile(sitePaths(session.config, session.opts.siteDir).static, rel);
}

/** The not-found page of the locale the path belongs to. */
function notFoundRoute(session: DevSession, pathname: string): Route | undefined {
  const { content, base } = session;
  const locale = content.table.locales
    .filter((l) => l.prefix && (pathname === joinRoute(base, l.prefix) || pathname.startsWith(joinRoute(base, l.prefix) + '/')))
    .sort((a, b) => b.prefix.length - a.prefix.length)[0];
  return content.byPath.get(joinRoute(base, locale?.prefix ?? '', '404'));
}
