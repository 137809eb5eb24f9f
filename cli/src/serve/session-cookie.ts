import { jwtVerify, SignJWT } from 'jose';
import type { VerifiedUser } from './verify-token.js';

/**
 * The server session: a short JWT (HS256, signed with DOCGEN_SESSION_SECRET) in the
 * `__session` cookie, the only cookie name Firebase Hosting forwards. Stateless, so every
 * `docgen serve` process sharing the secret accepts it. The audience binds it to one
 * project and domain: a secret reused by another site does not open this one.
 */
export const SESSION_COOKIE = '__session';
/** Bounded lifetime; each full page load re-posts a fresh ID token, which renews it. */
export const SESSION_TTL_S = 12 * 3600;
const ISSUER = 'docgen-serve';

export interface SessionKey {
  secret: Uint8Array;
  audience: string;
}

export function sessionKey(secret: string, projectId: string, allowedDomain: string): SessionKey {
  return { secret: new TextEncoder().encode(secret), audience: `${projectId}/${allowedDomain.toLowerCase()}` };
}

export function createSession(key: SessionKey, user: VerifiedUser, nowMs = Date.now()): Promise<string> {
  const iat = Math.floor(nowMs / 1000);
  return new SignJWT({ email: user.email })
    .setProtectedHeader({ alg: 'HS256' })
    .setIssuer(ISSUER)
    .setAudience(key.audience)
    .setSubject(user.uid)
    .setIssuedAt(iat)
    .setExpirationTime(iat + SESSION_TTL_S)
    .sign(key.secret);
}

/** The session's user, or null when the cookie is absent, tampered with, expired or for another site. */
export async function readSession(key: SessionKey, cookieHeader: string | undefined): Promise<VerifiedUser | null> {
  const value = cookieValue(cookieHeader, SESSION_COOKIE);
  if (!value || value.length > 4096) return null;
  try {
    const { payload } = await jwtVerify(value, key.secret, {
      algorithms: ['HS256'],
      issuer: ISSUER,
      audience: key.audience,
      requiredClaims: ['exp', 'iat', 'sub'],
      // The lifetime is the server's, not the cookie's: an `exp` pushed further (by anyone
      // holding the secret of another deployment) or an `iat` in the future is refused.
      maxTokenAge: SESSION_TTL_S,
      clockTolerance: 60,
    });
    if (typeof payload.iat !== 'number' || typeof payload.exp !== 'number' || payload.exp - payload.iat > SESSION_TTL_S) return null;
    if (typeof payload.sub !== 'string' || typeof payload.email !== 'string') return null;
    return { uid: payload.sub, email: payload.email };
  } catch {
    return null;
  }
}

export function sessionCookieHeader(value: string, secure: boolean): string {
  return [`${SESSION_COOKIE}=${value}`, `Max-Age=${SESSION_TTL_S}`, ...cookieAttributes(secure)].join('; ');
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
  for (const part of header.split(';')) {
    const eq = part.indexOf('=');
    if (eq !== -1 && part.slice(0, eq).trim() === name) return part.slice(eq + 1).trim();
  }
  return null;
}
