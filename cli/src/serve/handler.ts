import type { IncomingMessage, ServerResponse } from 'node:http';
import path from 'node:path';
import { canonicalRoutePath } from '@docgen/core/url';
import { noteUser } from './access-log.js';
import type { ServeManifest } from './manifest.js';
import { isAllowedHost, requestScheme } from './request-origin.js';
import { parseTarget, stripBase } from './request-path.js';
import { guardRequests, methodNotAllowed, redirect, sendJson, sendStatus, sendText } from './respond.js';
import { setCommonHeaders } from './security-headers.js';
import { readSession } from './session-cookie.js';
import { handleSessionRequest, type SessionEndpointContext } from './session-endpoint.js';
import { sendFile, type FileCache } from './static-files.js';

export interface HandlerContext extends SessionEndpointContext {
  files: FileCache;
  manifest: ServeManifest;
}

type Handler = (req: IncomingMessage, res: ServerResponse) => void;

/**
 * Protected responses may be kept only by the reader's own browser, and only to be revalidated
 * (ETag) on every use: the revalidation carries the cookie, so a 304 goes to a session only.
 */
const PROTECTED = 'private, no-cache';
/** A redirect answered to a session says something about the site: nobody keeps it. */
const PROTECTED_REDIRECT = 'private, no-store';
/** Build files whose names carry a content hash never change. */
const HASHED_NAME = /[.-][A-Za-z0-9_-]{8,}\.[a-z0-9]+$/i;
const HSTS = 'max-age=31536000; includeSubDomains';

export function createHandler(ctx: HandlerContext): Handler {
  return guardRequests('docgen serve', (req, res) => route(ctx, req, res), (req, res) => {
    setCommonHeaders(res);
    // Browsers heed HSTS only over https, which here only a trusted proxy can vouch for.
    if (requestScheme(req, ctx.hosts) === 'https') res.setHeader('Strict-Transport-Security', HSTS);
  });
}

async function route(ctx: HandlerContext, req: IncomingMessage, res: ServerResponse): Promise<void> {
  const { manifest } = ctx;
  const head = req.method === 'HEAD';
  const read = req.method === 'GET' || head;
  const target = parseTarget(req.url);
  if (!target.ok) return sendStatus(res, target.status, head);
  const { pathname, search } = target;

  // Health checks come from the platform, under whatever name it uses for the container.
  if (pathname === '/healthz') return read ? sendText(res, 200, 'ok', head) : methodNotAllowed(res, 'GET, HEAD');
  if (!isAllowedHost(req, ctx.hosts)) return sendText(res, 421, 'docgen serve: this server does not answer for that host name', head);
  if (manifest.auth && pathname === `${manifest.baseUrl}__auth/session`) return handleSessionRequest(ctx, req, res);
  if (!read) return methodNotAllowed(res, 'GET, HEAD');

  const rel = stripBase(pathname, manifest.baseUrl);
  if (rel === null) {
    return `${pathname}/` === manifest.baseUrl ? redirect(res, manifest.baseUrl + search, 301) : sendStatus(res, 404, head);
  }
  if (!manifest.auth) return serveSite(ctx, req, res, rel, search, 'no-cache', null);
  if (pathname.startsWith(manifest.publicPrefix)) return servePublic(ctx, req, res, rel);

  // Nothing below this line is looked up, not even to say whether it exists, without a session.
  const session = readSession(ctx.sessionKey, req.headers.cookie);
  if (!session) {
    return isPageRequest(req, rel) ? sendLoginShell(ctx, req, res) : sendJson(res, 401, { error: 'unauthenticated' }, head);
  }
  noteUser(res, session.uid);
  return serveSite(ctx, req, res, rel, search, PROTECTED, PROTECTED_REDIRECT);
}

/** Built files and pages, with the URL forms of SPEC.md normalised to the bare path. */
async function serveSite(ctx: HandlerContext, req: IncomingMessage, res: ServerResponse, rel: string, search: string, cacheControl: string, redirectCache: string | null) {
  const { manifest } = ctx;
  const bare = canonicalRoutePath(`/${rel}`).slice(1);
  if (bare !== rel) return redirect(res, manifest.baseUrl + bare + search, 301, redirectCache);
  // Manifest redirects, like its routes, are full URL paths (baseUrl included).
  const key = manifest.baseUrl + rel;
  if (Object.hasOwn(manifest.redirects, key)) return redirect(res, manifest.redirects[key] + search, 302, redirectCache);
  const file = await ctx.files.find(rel);
  // The not-found page is not a page of the site: asked for by name, it still says 404.
  const isNotFoundPage = file !== null && path.basename(file) === manifest.notFound && `${rel}.html` === manifest.notFound;
  if (file && !isNotFoundPage) return sendFile(req, res, await ctx.files.entry(file), { status: 200, cacheControl, auth: manifest.auth });
  const notFound = await ctx.files.find(manifest.notFound);
  if (notFound) return sendFile(req, res, await ctx.files.entry(notFound), { status: 404, cacheControl, auth: manifest.auth });
  sendStatus(res, 404, req.method === 'HEAD');
}

/** The login shell's own assets: the only build files sent without a session. */
async function servePublic(ctx: HandlerContext, req: IncomingMessage, res: ServerResponse, rel: string) {
  const file = await ctx.files.find(rel);
  // find resolves symlinks: what it found must still be inside the public folder (with
  // its separator: a sibling such as `login-x/` only shares the prefix).
  const { root } = ctx.files.build;
  const publicDir = path.join(root, ...ctx.manifest.publicPrefix.slice(ctx.manifest.baseUrl.length).split('/').filter(Boolean));
  if (!file || !file.startsWith(publicDir + path.sep)) return sendStatus(res, 404, req.method === 'HEAD');
  const cacheControl = HASHED_NAME.test(file) ? 'public, max-age=31536000, immutable' : 'no-cache';
  return sendFile(req, res, await ctx.files.entry(file), { status: 200, cacheControl, auth: ctx.manifest.auth });
}

/** 401 with the login shell: the gate card, none of the page's content. */
async function sendLoginShell(ctx: HandlerContext, req: IncomingMessage, res: ServerResponse) {
  const entry = await ctx.files.entry(path.join(ctx.files.build.root, ctx.manifest.loginShell));
  return sendFile(req, res, entry, { status: 401, cacheControl: 'no-store', auth: ctx.manifest.auth });
}

/**
 * Whether a request without a session should see the login shell (a navigation) rather
 * than a bare 401 (a script, image or data fetch). `docgen dev` uses the same rule.
 */
export function isPageRequest(req: IncomingMessage, rel: string): boolean {
  const last = rel.slice(rel.lastIndexOf('/') + 1);
  if (!last.includes('.') || /\.html?$/i.test(last)) return true;
  const dest = req.headers['sec-fetch-dest'];
  if (dest !== undefined) return dest === 'document';
  return /\btext\/html\b/.test(req.headers.accept ?? '');
}
