import { decodeProtectedHeader, errors, jwtVerify, UnsecuredJWT, type JWTPayload, type JWTVerifyGetKey } from 'jose';
import { emailHasDomain } from '@docgen/core/email';
import { KeysUnavailableError } from './jwks.js';

/**
 * Verifies a Firebase ID token the way DESIGN.md section 5 lists: RS256 signature against
 * Google's securetoken keys, iss/aud for the project, exp/iat/auth_time, a non-empty sub,
 * sign-in through google.com, a verified email on exactly the allowed domain.
 */
export interface TokenPolicy {
  projectId: string;
  allowedDomain: string;
  /** Emulator mode: accept the Auth emulator's unsigned (`alg: none`) tokens. Never in production. */
  acceptUnsigned: boolean;
  getKey: JWTVerifyGetKey;
  now?: () => number;
}

export interface VerifiedUser {
  uid: string;
  email: string;
  /** The ID token's `exp` (seconds): a session made from it ends no later. */
  tokenExp?: number;
}

/**
 * 401: not a valid token for this project. 403: a valid token for someone not allowed in.
 * 503: Google's keys could not be fetched, so the token could not be checked.
 */
export type TokenResult =
  | { ok: true; user: VerifiedUser }
  | { ok: false; status: 401 | 403 | 503; reason: string };

/** Tolerated clock difference between Google's servers and this one. */
export const CLOCK_SKEW_S = 10;
/** Real ID tokens are about 1 KiB; anything far larger is not one. */
const MAX_TOKEN_LENGTH = 8192;
/** Firebase uids are at most 128 characters. */
const MAX_SUB_LENGTH = 128;
/** Firebase ID tokens live one hour; a longer-lived token was not minted by Firebase. */
const MAX_TOKEN_LIFETIME_S = 3600;
/**
 * How long ago the Google sign-in may have been. Firebase keeps a reader signed in by refreshing
 * ID tokens (auth_time stays the original sign-in): past this age the page must sign in again,
 * which bounds what a stolen refresh token is worth.
 */
export const MAX_AUTH_AGE_S = 7 * 24 * 3600;

export async function verifyIdToken(token: unknown, policy: TokenPolicy): Promise<TokenResult> {
  if (typeof token !== 'string' || token.length > MAX_TOKEN_LENGTH || token.split('.').length !== 3) {
    return unauthorized('malformed');
  }
  const nowMs = (policy.now ?? Date.now)();
  const claimChecks = {
    issuer: `https://securetoken.google.com/${policy.projectId}`,
    audience: policy.projectId,
    clockTolerance: CLOCK_SKEW_S,
    currentDate: new Date(nowMs),
    requiredClaims: ['exp', 'iat', 'sub'],
  };
  let payload: JWTPayload;
  try {
    const header = decodeProtectedHeader(token);
    if (header.alg === 'none') {
      if (!policy.acceptUnsigned) return unauthorized('unsigned');
      payload = UnsecuredJWT.decode(token, claimChecks).payload;
    } else {
      payload = (await jwtVerify(token, policy.getKey, { ...claimChecks, algorithms: ['RS256'] })).payload;
    }
  } catch (err) {
    if (err instanceof KeysUnavailableError) return { ok: false, status: 503, reason: 'keys_unavailable' };
    return unauthorized(reasonOf(err));
  }
  return checkFirebaseClaims(payload, policy.allowedDomain, Math.floor(nowMs / 1000));
}

/** The checks of Firebase's own verifier (firebase-admin verifyIdToken), plus our domain rule. */
function checkFirebaseClaims(p: JWTPayload, allowedDomain: string, nowS: number): TokenResult {
  // jose accepts an `aud` array that contains the project; Firebase never issues one.
  if (typeof p.aud !== 'string') return unauthorized('audience');
  // jose checks iat only against a maximum age; a token "issued" in the future is forged or broken.
  if (typeof p.iat !== 'number' || p.iat > nowS + CLOCK_SKEW_S) return unauthorized('issued_in_future');
  if (typeof p.exp !== 'number' || p.exp - p.iat > MAX_TOKEN_LIFETIME_S) return unauthorized('lifetime');
  if (typeof p.auth_time !== 'number' || p.auth_time > nowS + CLOCK_SKEW_S) return unauthorized('auth_time');
  if (nowS - p.auth_time > MAX_AUTH_AGE_S) return unauthorized('auth_time_too_old');
  if (typeof p.sub !== 'string' || p.sub.length === 0 || p.sub.length > MAX_SUB_LENGTH) return unauthorized('subject');
  const firebase = p.firebase as { sign_in_provider?: unknown; tenant?: unknown } | undefined;
  // A token of an Identity Platform tenant belongs to another user pool of the project.
  if (firebase?.tenant !== undefined) return unauthorized('tenant');
  if (firebase?.sign_in_provider !== 'google.com') return forbidden('provider');
  if (typeof p.email !== 'string' || p.email === '') return forbidden('no_email');
  if (p.email_verified !== true) return forbidden('email_not_verified');
  if (!emailHasDomain(p.email, allowedDomain)) return forbidden('domain');
  return { ok: true, user: { uid: p.sub, email: p.email, tokenExp: p.exp } };
}

function reasonOf(err: unknown): string {
  if (err instanceof errors.JWTExpired) return 'expired';
  if (err instanceof errors.JWTClaimValidationFailed) {
    const names: Record<string, string> = { aud: 'audience', iss: 'issuer', sub: 'subject', iat: 'issued_at' };
    return names[err.claim] ?? `claim_${err.claim}`;
  }
  if (err instanceof errors.JWSSignatureVerificationFailed || err instanceof errors.JWKSNoMatchingKey) return 'signature';
  if (err instanceof errors.JOSEAlgNotAllowed) return 'algorithm';
  return 'malformed';
}

const unauthorized = (reason: string): TokenResult => ({ ok: false, status: 401, reason });
const forbidden = (reason: string): TokenResult => ({ ok: false, status: 403, reason });
