import { createContext, useContext } from 'react';

/** The signed-in reader as the navbar shows it (SPEC.md section 2: name and 'Sair'). */
export interface GateUserBarState {
  name: string;
  onSignOut(): void;
}

/**
 * The gate hands the signed-in user to the navbar instead of drawing a fixed badge over the
 * page: inside the navbar row the badge has its own reserved space at every width, so it never
 * covers the TOC, breadcrumbs or text, and it comes after the skip link in tab order.
 */
export const GateUserContext = createContext<GateUserBarState | null>(null);

export const useGateUser = () => useContext(GateUserContext);
