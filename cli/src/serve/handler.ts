import type { IncomingMessage } from 'node:http';
import path from 'node:path';
import { canonicalRoutePath } from '@docgen/core/url';
import { noteUser } from './access-log.js';
import type { ServeManifest } from './manifest.js';
import { isAliasHost, isAllowedHost } from './request-origin.js';
import { isPageRequest, parseTarget, stripBase } from './request-path.js';
import { guardRequests, methodNotAllowed, redirect, sendJson, sendStatus, sendText } from './respond.js';
import type { ServeResponse } from './response.js';
import { readSession } from './session-cookie.js';
import { handleSessionRequest, type SessionEndpointContext } from './session-endpoint.js';
import { sendFile, type FileCache, type SendFileOptions } from './static-files.js';

export interface HandlerContext extends SessionEndpointContext {
  files: FileCache;
  manifest: ServeManifest;
}

type Handler = (req: IncomingMessage, res: ServeResponse) => void;

/**
 * Protected responses may be kept only by the reader's own browser, and only to be revalidated
 * (ETag) on every use: the revalidation carries the cookie, so a 304 goes to a session only.
 */
const PROTECTED = 'private, no-cache';
/** A redirect answered to a session says something about the site: nobody keeps it. */
const PROTECTED_REDIRECT = 'private, no-store';
/** Build files whose names carry a content hash never change. */
const HASHED_NAME = /[.-][A-Za-z0-9_-]{8,}\.[a-z0-9]+$/i;

/** The ways a file is sent, one object each: a file's header lists are computed once per way. */
interface SendPolicies {
  site: SendFileOptions;
  siteNotFound: SendFileOptions;
  publicAsset: SendFileOptions;
  publicHashed: SendFileOptions;
  loginShell: SendFileOptions;
}

export function createHandler(ctx: HandlerContext): Handler {
  const { auth } = ctx.manifest;
  const site = auth ? PROTECTED : 'no-cache';
  const send: SendPolicies = {
    site: { status: 200, cacheControl: site, auth },
    siteNotFound: { status: 404, cacheControl: site, auth },
    publicAsset: { status: 200, cacheControl: 'no-cache', auth },
    publicHashed: { status: 200, cacheControl: 'public, max-age=31536000, immutable', auth },
    loginShell: { status: 401, cacheControl: 'no-store', auth },
  };
  const serve = (req: IncomingMessage, res: ServeResponse) => route(ctx, send, req, res);
  // About once a second the build folder is looked at again before answering.
  return guardRequests('docgen serve', (req, res) => (ctx.files.isFresh() ? serve(req, res as ServeResponse) : ctx.files.refresh().then(() => serve(req, res as ServeResponse))));
}

function route(ctx: HandlerContext, send: SendPolicies, req: IncomingMessage, res: ServeResponse): Promise<void> | void {
  const { manifest } = ctx;
  const head = req.method === 'HEAD';
  const read = req.method === 'GET' || head;
  const target = parseTarget(req.url);
  if (!target.ok) return sendStatus(res, target.status, head);
  const { pathname, search } = target;

  // Health checks come from the platform, under whatever name it uses for the container.
  if (pathname === '/healthz') return read ? sendText(res, 200, 'ok', head) : methodNotAllowed(res, 'GET, HEAD');
  if (!isAllowedHost(req, ctx.hosts)) {
    // One origin for the site (its cookie and the session endpoint's Origin check are the site
    // URL's): a reader who came by another of its names is sent there, the same path.
    if (read && isAliasHost(req, ctx.hosts)) return redirect(res, ctx.hosts.siteUrl!.origin + pathname + search, 301);
    return sendText(res, 421, 'docgen serve: this server does not answer for that host name', head);
  }
  if (manifest.auth && pathname === `${manifest.baseUrl}__auth/session`) return handleSessionRequest(ctx, req, res);
  if (!read) return methodNotAllowed(res, 'GET, HEAD');

  const rel = stripBase(pathname, manifest.baseUrl);
  if (rel === null) {
    return `${pathname}/` === manifest.baseUrl ? redirect(res, manifest.baseUrl + search, 301) : sendStatus(res, 404, head);
  }
  if (!manifest.auth) return serveSite(ctx, send, req, res, rel, search, null);
  if (pathname.startsWith(manifest.publicPrefix)) return servePublic(ctx, send, req, res, rel);

  // Nothing below this line is looked up, not even to say whether it exists, without a session.
  const session = readSession(ctx.sessionKey, req.headers.cookie);
  if (!session) {
    return isPageRequest(req, rel) ? sendLoginShell(ctx, send, req, res) : sendJson(res, 401, { error: 'unauthenticated' }, head);
  }
  noteUser(res, session.uid);
  return serveSite(ctx, send, req, res, rel, search, PROTECTED_REDIRECT);
}

/**
 * Built files and pages, with the URL forms of SPEC.md normalised to the bare path. A path
 * seen before goes straight to what it resolved to (no normalising, no lookups).
 */
function serveSite(ctx: HandlerContext, send: SendPolicies, req: IncomingMessage, res: ServeResponse, rel: string, search: string, redirectCache: string | null) {
  const known = ctx.files.routes.get(rel);
  if (known) return sendFile(req, res, known.entry, known.status === 200 ? send.site : send.siteNotFound, res.https);
  return resolveSite(ctx, send, req, res, rel, search, redirectCache);
}

async function resolveSite(ctx: HandlerContext, send: SendPolicies, req: IncomingMessage, res: ServeResponse, rel: string, search: string, redirectCache: string | null) {
  const { manifest } = ctx;
  const bare = canonicalRoutePath(`/${rel}`).slice(1);
  if (bare !== rel) return redirect(res, manifest.baseUrl + bare + search, 301, redirectCache);
  // Manifest redirects, like its routes, are full URL paths (baseUrl included).
  const key = manifest.baseUrl + rel;
  if (Object.hasOwn(manifest.redirects, key)) return redirect(res, manifest.redirects[key] + search, 302, redirectCache);
  const file = await ctx.files.find(rel);
  // The not-found page is not a page of the site: asked for by name, it still says 404.
  const isNotFoundPage = file !== null && path.basename(file) === manifest.notFound && `${rel}.html` === manifest.notFound;
  const status = file && !isNotFoundPage ? 200 : 404;
  const found = status === 200 ? file : await ctx.files.find(manifest.notFound);
  if (!found) return sendStatus(res, 404, req.method === 'HEAD');
  const resolved = ctx.files.routes.set(rel, { entry: await ctx.files.entry(found), status });
  return sendFile(req, res, resolved.entry, resolved.status === 200 ? send.site : send.siteNotFound, res.https);
}

/** The login shell's own assets: the only build files sent without a session. */
async function servePublic(ctx: HandlerContext, send: SendPolicies, req: IncomingMessage, res: ServeResponse, rel: string) {
  const file = await ctx.files.find(rel);
  // find resolves symlinks: what it found must still be inside the public folder (with
  // its separator: a sibling such as `login-x/` only shares the prefix).
  const { root } = ctx.files.build;
  const publicDir = path.join(root, ...ctx.manifest.publicPrefix.slice(ctx.manifest.baseUrl.length).split('/').filter(Boolean));
  if (!file || !file.startsWith(publicDir + path.sep)) return sendStatus(res, 404, req.method === 'HEAD');
  return sendFile(req, res, await ctx.files.entry(file), HASHED_NAME.test(file) ? send.publicHashed : send.publicAsset, res.https);
}

/** 401 with the login shell: the gate card, none of the page's content. */
async function sendLoginShell(ctx: HandlerContext, send: SendPolicies, req: IncomingMessage, res: ServeResponse) {
  const entry = await ctx.files.entry(path.join(ctx.files.build.root, ctx.manifest.loginShell));
  return sendFile(req, res, entry, send.loginShell, res.https);
}

export { isPageRequest };
