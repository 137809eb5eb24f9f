import type { AuthData, SiteData } from '../types';
import { GateCard, GateSpinner } from '../components/AuthGate/GateScreens';
import { useAuthGate } from '../components/AuthGate/useAuthGate';
import { setSiteMessages } from '../i18n/translate';

/**
 * The page `docgen serve` sends instead of a protected one when there is no session: the
 * spinner, then the card; after sign-in it gets the session and reloads the same URL.
 */
export function LoginShell({ site }: { site: SiteData }) {
  setSiteMessages(site);
  // The engine writes a login shell only for sites with auth; guard anyway.
  if (!site.auth) return <GateSpinner />;
  return <LoginGate auth={site.auth} baseUrl={site.baseUrl} />;
}

function LoginGate({ auth, baseUrl }: { auth: AuthData; baseUrl: string }) {
  const gate = useAuthGate(auth, baseUrl, 'login');
  if (gate.user === null) return <GateCard domain={auth.allowedDomain} error={gate.error} onSignIn={gate.signIn} />;
  return <GateSpinner />;
}
