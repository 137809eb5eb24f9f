/**
 * True when `email` has exactly one '@', a non-empty local part, and a domain equal
 * (case-insensitively) to `allowedDomain`. Never a suffix or substring match:
 * `a@evil.com@corp.com`, `a@corp.com.evil.com` and `a@evilcorp.com` all fail.
 * (The theme's client gate applies the same rule in theme/src/auth/email-domain.ts;
 * the engine may not import theme code, hence the twin.)
 */
export function emailHasDomain(email: unknown, allowedDomain: string): boolean {
  if (typeof email !== 'string') return false;
  const parts = email.split('@');
  if (parts.length !== 2) return false;
  const [local, domain] = parts;
  return local.length > 0 && domain.length > 0 && domain.toLowerCase() === allowedDomain.toLowerCase();
}
