import { describe, expect, it } from 'vitest';
import { createSession, readSession, sessionKey, SESSION_TTL_S } from '../../src/serve/session-cookie.js';
import { ALLOWED_DOMAIN, PROJECT_ID } from './helpers/token-forge.js';
import { testSecret } from './helpers/serve-process.js';

/**
 * readSession remembers the HMAC of a payload it has seen signed: these make sure that
 * remembering it never stands in for a check, on the second request as on the first.
 */
const user = { uid: 'uid-ana', email: `ana@${ALLOWED_DOMAIN}` };
const cookieOf = (value: string) => `__session=${value}`;
const BASE64URL = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';

/** `value` with its signature's character at `i` (from the end) replaced by another. */
function withSignatureChar(value: string, fromEnd: number, pick: (c: string) => string): string {
  const i = value.length - fromEnd;
  return value.slice(0, i) + pick(value[i]) + value.slice(i + 1);
}

describe('readSession on a payload it has already seen', () => {
  it('still refuses any other signature for it', () => {
    const key = sessionKey([testSecret()], PROJECT_ID, ALLOWED_DOMAIN);
    const { value } = createSession(key, user);
    expect(readSession(key, cookieOf(value))?.uid).toBe('uid-ana');
    for (const fromEnd of [1, 2, 20, 43]) {
      const tampered = withSignatureChar(value, fromEnd, (c) => (c === 'A' ? 'Q' : 'A'));
      expect(readSession(key, cookieOf(tampered))).toBeNull();
    }
    // Signed with another secret: the same payload, a well-formed signature, not ours.
    const other = createSession(sessionKey([testSecret()], PROJECT_ID, ALLOWED_DOMAIN), user, Date.now());
    const samePayloadOtherSignature = value.slice(0, value.lastIndexOf('.')) + other.value.slice(other.value.lastIndexOf('.'));
    expect(readSession(key, cookieOf(samePayloadOtherSignature))).toBeNull();
    expect(readSession(key, cookieOf(value))?.uid).toBe('uid-ana');
  });

  it('refuses another spelling of its valid signature (same bytes once decoded, not the same text)', () => {
    const key = sessionKey([testSecret()], PROJECT_ID, ALLOWED_DOMAIN);
    const { value } = createSession(key, user);
    expect(readSession(key, cookieOf(value))).not.toBeNull();
    // The last character carries 4 bits and two padding bits: its neighbour decodes the same.
    const respelled = withSignatureChar(value, 1, (c) => BASE64URL[BASE64URL.indexOf(c) + 1]);
    expect(Buffer.from(respelled.slice(-43), 'base64url')).toEqual(Buffer.from(value.slice(-43), 'base64url'));
    expect(readSession(key, cookieOf(respelled))).toBeNull();
  });

  it('checks its lifetime again on every read: accepted while valid, refused once expired', () => {
    const key = sessionKey([testSecret()], PROJECT_ID, ALLOWED_DOMAIN);
    const now = Date.now();
    const { value } = createSession(key, user, now);
    expect(readSession(key, cookieOf(value), now)).not.toBeNull();
    expect(readSession(key, cookieOf(value), now + (SESSION_TTL_S + 120) * 1000)).toBeNull();
    // Issued "in the future" as seen from an earlier clock: refused too.
    expect(readSession(key, cookieOf(value), now - 3600 * 1000)).toBeNull();
  });

  it('is bound to its key: a payload known to one site is not accepted by another with the same secret', () => {
    const secret = testSecret();
    const ours = sessionKey([secret], PROJECT_ID, ALLOWED_DOMAIN);
    const theirs = sessionKey([secret], 'other-project', ALLOWED_DOMAIN);
    const { value } = createSession(theirs, user);
    expect(readSession(theirs, cookieOf(value))).not.toBeNull();
    expect(readSession(ours, cookieOf(value))).toBeNull();
  });

  it('accepts the previous secret during a rotation, and nothing once it is dropped', () => {
    const [next, previous] = [testSecret(), testSecret()];
    const old = createSession(sessionKey([previous], PROJECT_ID, ALLOWED_DOMAIN), user).value;
    expect(readSession(sessionKey([next, previous], PROJECT_ID, ALLOWED_DOMAIN), cookieOf(old))).not.toBeNull();
    expect(readSession(sessionKey([next], PROJECT_ID, ALLOWED_DOMAIN), cookieOf(old))).toBeNull();
  });
});
