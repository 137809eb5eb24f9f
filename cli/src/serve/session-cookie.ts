import { createHmac, timingSafeEqual } from 'node:crypto';
import { BoundedMemo } from './memo.js';
import type { VerifiedUser } from './verify-token.js';

/**
 * The server session: a short JWT (HS256, signed with DOCGEN_SESSION_SECRET) in the
 * `__session` cookie, the only cookie name Firebase Hosting forwards. Stateless, so every
 * `docgen serve` process sharing the secret accepts it. The audience binds it to one
 * project and domain: a secret reused by another site does not open this one.
 *
 * It lives at most an hour and never past the Firebase ID token it was made from: the page
 * posts each refreshed ID token (the SDK refreshes it before it expires), which renews the
 * cookie, so a signed-out reader (no more refreshes) or a copied cookie loses access within
 * the hour on every replica, with no state shared between them.
 *
 * Signed and checked here with node:crypto rather than a JWT library: every protected request
 * checks it, and one HMAC over a fixed header is all it takes.
 */
export const SESSION_COOKIE = '__session';
export const SESSION_TTL_S = 3600;
const ISSUER = 'docgen-serve';
/** Tolerated clock difference between replicas. */
const CLOCK_SKEW_S = 60;
const MAX_COOKIE_LENGTH = 4096;
const HEADER = base64url(JSON.stringify({ alg: 'HS256', typ: 'JWT' }));
const HEADER_DOT = `${HEADER}.`;

export interface SessionKey {
  /** The current secret first (it signs), then a previous one still accepted during a rotation. */
  secrets: Buffer[];
  audience: string;
}

export interface Session {
  uid: string;
  email: string;
  /** Seconds since the epoch. */
  exp: number;
}

export function sessionKey(secrets: string[], projectId: string, allowedDomain: string): SessionKey {
  return { secrets: secrets.map((s) => Buffer.from(s, 'utf8')), audience: `${projectId}/${allowedDomain.toLowerCase()}` };
}

/** A session for `user`, ending after SESSION_TTL_S or when its ID token expires, whichever is first. */
export function createSession(key: SessionKey, user: VerifiedUser, nowMs = Date.now()): { value: string; maxAge: number } {
  const iat = Math.floor(nowMs / 1000);
  const exp = Math.min(iat + SESSION_TTL_S, user.tokenExp ?? Infinity);
  const payload = base64url(JSON.stringify({ iss: ISSUER, aud: key.audience, sub: user.uid, email: user.email, iat, exp }));
  const signed = `${HEADER}.${payload}`;
  return { value: `${signed}.${sign(key.secrets[0], signed)}`, maxAge: Math.max(0, exp - iat) };
}

/** Claims by payload, decoded once: looked up only after the signature over them checked out. */
const decodedPayloads = new BoundedMemo<string, Record<string, unknown> | null>(1000);
const SIGNATURE_LENGTH = 43;

/** The session, or null when the cookie is absent, tampered with, expired or for another site. */
export function readSession(key: SessionKey, cookieHeader: string | undefined, nowMs = Date.now()): Session | null {
  const value = cookieValue(cookieHeader, SESSION_COOKIE);
  if (!value || value.length > MAX_COOKIE_LENGTH || !value.startsWith(HEADER_DOT)) return null;
  const dot2 = value.lastIndexOf('.');
  // An HS256 signature is 43 base64url characters, compared as text: base64url decoding
  // forgives stray characters, the signature must not.
  if (dot2 <= HEADER_DOT.length || value.length - dot2 - 1 !== SIGNATURE_LENGTH) return null;
  const signed = value.slice(0, dot2);
  const given = Buffer.from(value.slice(dot2 + 1), 'latin1');
  if (!key.secrets.some((secret) => timingSafeEqual(given, hmac(secret, signed)))) return null;
  const payload = value.slice(HEADER_DOT.length, dot2);
  let p = decodedPayloads.get(payload);
  if (p === undefined) p = decodedPayloads.set(payload, decodePayload(payload));
  if (p === null) return null;
  const now = Math.floor(nowMs / 1000);
  if (p.iss !== ISSUER || p.aud !== key.audience) return null;
  const { iat, exp, sub, email } = p;
  if (typeof iat !== 'number' || typeof exp !== 'number' || typeof sub !== 'string' || sub === '' || typeof email !== 'string') return null;
  // The lifetime is the server's, not the cookie's: an `exp` pushed further (by anyone
  // holding the secret of another deployment) or an `iat` in the future is refused.
  if (iat > now + CLOCK_SKEW_S || exp - iat > SESSION_TTL_S || now >= exp + CLOCK_SKEW_S || now - iat > SESSION_TTL_S + CLOCK_SKEW_S) return null;
  return { uid: sub, email, exp };
}

function decodePayload(payload: string): Record<string, unknown> | null {
  try {
    const p = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as unknown;
    return p !== null && typeof p === 'object' ? (p as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

export function sessionCookieHeader(value: string, maxAge: number, secure: boolean): string {
  return [`${SESSION_COOKIE}=${value}`, `Max-Age=${maxAge}`, ...cookieAttributes(secure)].join('; ');
}

export function clearedCookieHeader(secure: boolean): string {
  return [`${SESSION_COOKIE}=`, 'Max-Age=0', ...cookieAttributes(secure)].join('; ');
}

function cookieAttributes(secure: boolean): string[] {
  // No Domain attribute: the cookie stays on the exact host that set it.
  return ['Path=/', 'HttpOnly', 'SameSite=Lax', ...(secure ? ['Secure'] : [])];
}

/** The first cookie named `name` in a Cookie header. */
export function cookieValue(header: string | undefined, name: string): string | null {
  if (!header) return null;
  // Scanned in place rather than split: this runs on every protected request.
  for (let start = 0; start < header.length; ) {
    let end = header.indexOf(';', start);
    if (end === -1) end = header.length;
    const eq = header.indexOf('=', start);
    if (eq !== -1 && eq < end && header.slice(start, eq).trim() === name) return header.slice(eq + 1, end).trim();
    start = end + 1;
  }
  return null;
}

function sign(secret: Buffer, data: string): string {
  return createHmac('sha256', secret).update(data).digest('base64url');
}

/** The signature as the base64url text a cookie carries, in bytes (latin1) for timingSafeEqual. */
function hmac(secret: Buffer, data: string): Buffer {
  return Buffer.from(sign(secret, data), 'latin1');
}

function base64url(text: string): string {
  return Buffer.from(text, 'utf8').toString('base64url');
}
