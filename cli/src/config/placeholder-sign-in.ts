import type { AuthData } from '@docgen/core/types';

/**
 * Which sign-in settings are placeholders: a reserved domain no Google account can have
 * (`*.example`) or a Firebase `demo-` project (only the emulator knows it). docgen serve in
 * production refuses such a build (serve/settings.ts applies the same rule).
 */
export function placeholderSignIn(auth: Pick<AuthData, 'allowedDomain' | 'firebase'>): string[] {
  const out: string[] = [];
  if (/(^|\.)(example|invalid|test|localhost)$/i.test(auth.allowedDomain)) out.push(`allowed domain "${auth.allowedDomain}"`);
  if (/^demo-/.test(auth.firebase.projectId) || /^demo-/.test(auth.firebase.apiKey)) out.push(`Firebase project "${auth.firebase.projectId}"`);
  return out;
}
