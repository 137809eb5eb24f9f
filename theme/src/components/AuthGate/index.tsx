import type { ReactNode } from 'react';
import type { SiteData } from '../../types';

/**
 * Placeholder: the sign-in gate (SPEC.md sections 2, 4, 8) wraps the whole layout.
 * Until the gate issue lands it renders its children unchanged.
 */
export function AuthGate({ children }: { site: SiteData; children: ReactNode }) {
  return <>{children}</>;
}
