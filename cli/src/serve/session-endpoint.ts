import type { IncomingMessage, ServerResponse } from 'node:http';
import type { RateLimiter } from './rate-limit.js';
import { clientAddress, isSameOrigin, nearestProxyPeer, wantsSecureCookie, type HostPolicy } from './request-origin.js';
import { methodNotAllowed, sendEmpty, sendJson } from './respond.js';
import { clearedCookieHeader, createSession, sessionCookieHeader, type SessionKey } from './session-cookie.js';
import { verifyIdToken, type TokenPolicy } from './verify-token.js';

/** ID tokens are about 1 KiB; the body is `{"idToken": "…"}`. */
const MAX_BODY_BYTES = 16 * 1024;

export interface SessionEndpointContext {
  sessionKey: SessionKey;
  tokenPolicy: TokenPolicy;
  hosts: HostPolicy;
  /** Failed sign-ins per client address. */
  sessionLimit: RateLimiter;
  /** Failed sign-ins per address the nearest proxy saw, when more than one proxy is trusted. */
  peerLimit?: RateLimiter;
}

/**
 * Refused sign-ins a client address may make in a minute before every POST from it is answered
 * 429 until the minute ends. Only failures count: a whole office behind one address signing in
 * at nine is many successes, while a reader fails at most a few times.
 */
export const SIGN_IN_FAILURES_PER_MINUTE = 30;
/**
 * Behind two proxies (Cloud Run behind Firebase Hosting), Cloud Run's own URL stays reachable
 * directly, and there the client writes the X-Forwarded-For entry counted as its address: it
 * could take a new one for each attempt. Every failure also counts against the address Cloud
 * Run saw (which nobody but Cloud Run writes), with room for the many readers who share one of
 * Hosting's edges: reached directly, that address is the client's own, and bounds it.
 */
export const SIGN_IN_FAILURES_PER_MINUTE_PER_PEER = 10 * SIGN_IN_FAILURES_PER_MINUTE;

/**
 * `<baseUrl>__auth/session`: POST `{"idToken"}` exchanges a Firebase ID token for the
 * `__session` cookie (204), DELETE clears it (204). Both refuse cross-origin requests.
 */
export async function handleSessionRequest(ctx: SessionEndpointContext, req: IncomingMessage, res: ServerResponse): Promise<void> {
  if (req.method !== 'POST' && req.method !== 'DELETE') return methodNotAllowed(res, 'POST, DELETE');
  if (!isSameOrigin(req, ctx.hosts)) return sendJson(res, 403, { error: 'cross_origin' });
  const secure = wantsSecureCookie(req, ctx.hosts);
  if (req.method === 'DELETE') {
    res.setHeader('Set-Cookie', clearedCookieHeader(secure));
    return sendEmpty(res, 204);
  }
  const client = clientAddress(req, ctx.hosts);
  const peer = ctx.peerLimit ? nearestProxyPeer(req, ctx.hosts) : null;
  const limited = ctx.sessionLimit.isLimited(client) ? ctx.sessionLimit : peer !== null && ctx.peerLimit!.isLimited(peer) ? ctx.peerLimit! : null;
  if (limited) {
    req.resume();
    res.setHeader('Retry-After', String(limited.retryAfterS()));
    return sendJson(res, 429, { error: 'too_many_requests' });
  }
  const refuse = (status: number, body: Record<string, string>) => {
    ctx.sessionLimit.hit(client);
    if (peer !== null) ctx.peerLimit!.hit(peer);
    sendJson(res, status, body);
  };
  // A JSON content type also forces a CORS preflight on any cross-site attempt.
  if (!/^application\/json\s*(;|$)/i.test(req.headers['content-type'] ?? '')) {
    return refuse(415, { error: 'unsupported_media_type' });
  }
  const body = await readBody(req, MAX_BODY_BYTES);
  if (body === null) return refuse(413, { error: 'too_large' });
  const idToken = parseIdToken(body);
  if (idToken === null) return refuse(400, { error: 'bad_request', reason: 'expected {"idToken": string}' });
  const result = await verifyIdToken(idToken, ctx.tokenPolicy);
  if (!result.ok) {
    // Google's keys being unreachable is not the client's failure.
    if (result.status === 503) return sendJson(res, 503, { error: 'unavailable', reason: result.reason });
    return refuse(result.status, { error: result.status === 403 ? 'forbidden' : 'invalid_token', reason: result.reason });
  }
  const session = createSession(ctx.sessionKey, result.user);
  res.setHeader('Set-Cookie', sessionCookieHeader(session.value, session.maxAge, secure));
  sendEmpty(res, 204);
}

function parseIdToken(body: string): string | null {
  try {
    const json = JSON.parse(body) as unknown;
    if (json && typeof json === 'object' && typeof (json as { idToken?: unknown }).idToken === 'string') {
      return (json as { idToken: string }).idToken;
    }
  } catch {
    // fall through
  }
  return null;
}

/** The request body as text, or null when it exceeds `limit` bytes. */
function readBody(req: IncomingMessage, limit: number): Promise<string | null> {
  return new Promise((resolve, reject) => {
    if (Number(req.headers['content-length'] ?? 0) > limit) {
      req.resume();
      return resolve(null);
    }
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > limit) {
        req.removeAllListeners('data');
        req.resume();
        resolve(null);
        return;
      }
      chunks.push(chunk);
    });
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    req.on('error', reject);
  });
}
