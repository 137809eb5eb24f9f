/**
 * True when `email` has exactly one '@', a non-empty local part, and a domain equal
 * (case-insensitively) to `allowedDomain` (SPEC.md section 5). Never a suffix or
 * substring match. `docgen serve` applies the same rule in cli/src/serve/email-domain.ts.
 */
export function emailHasDomain(email: string | null | undefined, allowedDomain: string): boolean {
  if (typeof email !== 'string') return false;
  const parts = email.split('@');
  if (parts.length !== 2) return false;
  const [local, domain] = parts;
  return local.length > 0 && domain.length > 0 && domain.toLowerCase() === allowedDomain.toLowerCase();
}
