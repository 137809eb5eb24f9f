/**
 * The sign-in domain rule (SPEC.md section 5), shared by `docgen serve` and the theme's
 * client gate so the two can never disagree.
 *
 * True when `email` is plain ASCII, has exactly one '@', a non-empty local part, and a domain
 * equal (case-insensitively) to `allowedDomain`. Never a suffix or substring match:
 * `a@evil.com@corp.com`, `a@corp.com.evil.com` and `a@evilcorp.com` all fail. Non-ASCII is
 * refused outright: `toLowerCase()` folds look-alikes such as KELVIN SIGN (U+212A) into
 * ASCII letters, so `a@\u212Acorp.example` would otherwise pass for `kcorp.example`.
 */
export function emailHasDomain(email: unknown, allowedDomain: string): boolean {
  if (typeof email !== 'string' || !isAscii(email) || !isAscii(allowedDomain)) return false;
  const parts = email.split('@');
  if (parts.length !== 2) return false;
  const [local, domain] = parts;
  return local.length > 0 && domain.length > 0 && domain.toLowerCase() === allowedDomain.toLowerCase();
}

/** Printable ASCII only: no control characters, no look-alikes. */
export const isAscii = (s: string): boolean => /^[\x21-\x7e]*$/.test(s);
