import { createHmac, createSecretKey, timingSafeEqual, type KeyObject } from 'node:crypto';
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
 * checks it, and one HMAC over a fixed header is all it takes; the HMAC of a payload already
 * seen is remembered, so a request compares its signature with it and checks the claims.
 */
export const SESSION_COOKIE = '__session';
export const SESSION_TTL_S = 3600;
const ISSUER = 'docgen-serve';
/** Tolerated clock difference between replicas. */
const CLOCK_SKEW_S = 60;
const MAX_COOKIE_LENGTH = 4096;
const HEADER = base64url(JSON.stringify({ alg: 'HS256', typ: 'JWT' }));
const HEADER_DOT = `${HEADER}.`;
/** Sessions signed in within the last hour, about: a flood of new ones costs a recomputation. */
const MAX_KNOWN_PAYLOADS = 10_000;

export interface SessionKey {
  /**
   * The current secret first (it signs), then a previous one still accepted during a rotation.
   * Key objects: createHmac copies a Buffer key into a new native key on every call.
   */
  secrets: KeyObject[];
  audience: string;
  /** Payloads whose signature once checked out, with what their signature must be (below). */
  payloads: BoundedMemo<string, KnownPayload>;
}

/**
 * A payload seen with a valid signature: the HMAC of header.payload under each accepted secret
 * (a pure function of the two, so computed once), and its claims, decoded once. Every request
 * still compares its own signature with these, in constant time, and checks the claims.
 */
interface KnownPayload {
  signatures: Buffer[];
  claims: Record<string, unknown> | null;
}

export interface Session {
  uid: string;
  email: string;
  /** Seconds since the epoch. */
  exp: number;
}

export function sessionKey(secrets: string[], projectId: string, allowedDomain: string): SessionKey {
  return {
    secrets: secrets.map((s) => createSecretKey(Buffer.from(s, 'utf8'))),
    audience: `${projectId}/${allowedDomain.toLowerCase()}`,
    payloads: new BoundedMemo(MAX_KNOWN_PAYLOADS),
  };
}

/** A session for `user`, ending after SESSION_TTL_S or when its ID token expires, whichever is first. */
export function createSession(key: SessionKey, user: VerifiedUser, nowMs = Date.now()): { value: string; maxAge: number } {
  const iat = Math.floor(nowMs / 1000);
  const exp = Math.min(iat + SESSION_TTL_S, user.tokenExp ?? Infinity);
  const payload = base64url(JSON.stringify({ iss: ISSUER, aud: key.audience, sub: user.uid, email: user.email, iat, exp }));
  const signed = `${HEADER}.${payload}`;
  return { value: `${signed}.${sign(key.secrets[0], signed)}`, maxAge: Math.max(0, exp - iat) };
}

const SIGNATURE_LENGTH = 43;
/**
 * An HS256 signature as base64url in its one canonical form: 43 characters, the last carrying
 * 4 bits and two zero bits. Decoding forgives stray characters and non-zero padding bits; after
 * this check the decoded bytes stand for exactly this text, so comparing bytes is comparing text.
 */
const CANONICAL_SIGNATURE = /^[A-Za-z0-9_-]{42}[AEIMQUYcgkosw048]$/;
/** The cookie's signature, decoded: reused by every request (readSession is synchronous). */
const givenSignature = Buffer.alloc(32);

/** The session, or null when the cookie is absent, tampered with, expired or for another site. */
export function readSession(key: SessionKey, cookieHeader: string | undefined, nowMs = Date.now()): Session | null {
  const value = cookieValue(cookieHeader, SESSION_COOKIE);
  if (!value || value.length > MAX_COOKIE_LENGTH || !value.startsWith(HEADER_DOT)) return null;
  const dot2 = value.lastIndexOf('.');
  if (dot2 <= HEADER_DOT.length || value.length - dot2 - 1 !== SIGNATURE_LENGTH) return null;
  const signature = value.slice(dot2 + 1);
  if (!CANONICAL_SIGNATURE.test(signature)) return null;
  givenSignature.write(signature, 'base64url');
  const payload = value.slice(HEADER_DOT.length, dot2);
  let known = key.payloads.get(payload);
  if (known === undefined) {
    const signatures = key.secrets.map((secret) => createHmac('sha256', secret).update(value.slice(0, dot2)).digest());
    // Only a payload signed by us is remembered (and decoded): forged ones are never kept.
    if (!matchesOne(signatures)) return null;
    known = key.payloads.set(payload, { signatures, claims: decodePayload(payload) });
  } else if (!matchesOne(known.signatures)) {
    return null;
  }
  const p = known.claims;
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

/** Whether the cookie's signature is one of `signatures`: each compared, in constant time. */
function matchesOne(signatures: Buffer[]): boolean {
  let match = false;
  for (const expected of signatures) if (timingSafeEqual(givenSignature, expected)) match = true;
  return match;
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

function sign(secret: KeyObject, data: string): string {
  return createHmac('sha256', secret).update(data).digest('base64url');
}

function base64url(text: string): string {
  return Buffer.from(text, 'utf8').toString('base64url');
}
