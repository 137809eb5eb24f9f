import type { ReactNode } from 'react';
import type { AuthData, SiteData } from '../../types';
import { GateCard, GateSpinner } from './GateScreens';
import { useAuthGate } from './useAuthGate';
import { GateUserContext } from './userContext';

/**
 * The sign-in gate around every page (SPEC.md sections 2, 4, 8). Without `site.auth` there is
 * no gate. With `auth.mode: 'server'` the page was only sent because `docgen serve` verified
 * the session, so the content shows at once and the name and 'Sair' join it when Firebase has
 * loaded; with 'static' the content waits behind the spinner. The name and 'Sair' are drawn
 * by the navbar (NavbarUser), at the top right of the sticky navbar row.
 */
export function AuthGate({ site, children }: { site: SiteData; children: ReactNode }) {
  if (!site.auth) return <>{children}</>;
  return <Gate auth={site.auth} baseUrl={site.baseUrl}>{children}</Gate>;
}

function Gate({ auth, baseUrl, children }: { auth: AuthData; baseUrl: string; children: ReactNode }) {
  const gate = useAuthGate(auth, baseUrl, 'page');
  if (gate.user === null) return <GateCard domain={auth.allowedDomain} error={gate.error} onSignIn={gate.signIn} />;
  const bar = gate.user ? { name: gate.user.displayName, onSignOut: gate.signOut } : null;
  if (auth.mode === 'server') {
    return <GateUserContext.Provider value={bar}>{children}</GateUserContext.Provider>;
  }
  // Static hosting: the prerendered content stays mounted (hydration, anchors) but hidden.
  const pending = gate.user === undefined;
  return (
    <GateUserContext.Provider value={bar}>
      {pending && <GateSpinner />}
      <div className="dg-gate__content" hidden={pending}>{children}</div>
    </GateUserContext.Provider>
  );
}
