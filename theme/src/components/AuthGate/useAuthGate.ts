import { useCallback, useEffect, useRef, useState } from 'react';
import type { AuthData } from '../../types';
import {
  deleteSession,
  emailHasDomain,
  loadFirebaseAuth,
  markSessionReload,
  postSession,
  takeRecentSessionReload,
  type FirebaseAuthApi,
  type GateFirebaseUser,
} from '../../auth';
import { messages } from './messages';

export interface GateUser {
  displayName: string;
  email: string;
}

export interface AuthGateState {
  /** SPEC.md section 3: undefined while loading, null when signed out. */
  user: GateUser | null | undefined;
  /** The card's error line, or null. */
  error: string | null;
  signIn(): void;
  signOut(): void;
}

/**
 * 'page': the gate around a real page. 'login': the login shell `docgen serve` sends without
 * a session; once signed in it obtains the session and reloads the same URL, which the server
 * now answers with the real page (so a deep link lands where it pointed).
 */
export type GateVariant = 'page' | 'login';

/** The gate's state machine (SPEC.md section 4), with the server session of `docgen serve`. */
export function useAuthGate(auth: AuthData, baseUrl: string, variant: GateVariant): AuthGateState {
  const [user, setUser] = useState<GateUser | null | undefined>(undefined);
  const [error, setError] = useState<string | null>(null);
  const api = useRef<FirebaseAuthApi | null>(null);
  const signingOut = useRef(false);
  const serverSession = auth.mode === 'server' || variant === 'login';
  // Re-subscribe only when the settings change, not when the site data is a new object.
  const authKey = JSON.stringify(auth);

  useEffect(() => {
    // Being on a real page proves the session cookie works: disarm the login shell's loop guard.
    if (variant === 'page' && serverSession) takeRecentSessionReload();
    let active = true;
    let unsubscribe = () => {};

    const rejectUser = async (fb: FirebaseAuthApi, message: string) => {
      setError(message);
      setUser(null);
      await fb.signOut().catch(logSignOutError);
    };

    const onUser = async (fb: FirebaseAuthApi, u: GateFirebaseUser | null) => {
      if (!active) return;
      if (!u) {
        setUser(null);
        // Signed out elsewhere (another tab, an expired account): end the server session too.
        if (variant === 'page' && serverSession && !signingOut.current) deleteSession(baseUrl).catch(logSignOutError);
        return;
      }
      if (!emailHasDomain(u.email, auth.allowedDomain)) return rejectUser(fb, messages.wrongDomain(auth.allowedDomain));
      if (serverSession) {
        if (variant === 'login' && takeRecentSessionReload()) {
          console.error('docgen: the session cookie was not kept by the browser (a Secure cookie over plain http?)');
          return rejectUser(fb, messages.signInFailed);
        }
        const result = await postSession(baseUrl, await u.getIdToken()).catch((err: unknown) => {
          console.error('docgen: could not reach the session endpoint', err);
          return { ok: false as const, status: 0 };
        });
        if (!active) return;
        // On a page already served, a network blip must not sign the reader out; a refusal must.
        const fatal = !result.ok && (variant === 'login' || result.status === 401 || result.status === 403);
        if (fatal) {
          const reason = 'reason' in result ? result.reason : undefined;
          return rejectUser(fb, reason === 'domain' ? messages.wrongDomain(auth.allowedDomain) : messages.signInFailed);
        }
        if (variant === 'login') {
          markSessionReload();
          window.location.reload();
          return;
        }
      }
      setUser({ displayName: u.displayName || u.email || '', email: u.email ?? '' });
      setError(null);
    };

    loadFirebaseAuth(auth).then(
      (fb) => {
        if (!active) return;
        api.current = fb;
        unsubscribe = fb.onUserChanged((u) => void onUser(fb, u));
      },
      (err: unknown) => {
        console.error('docgen: could not load Firebase Auth', err);
        if (!active) return;
        setError(messages.signInFailed);
        setUser(null);
      },
    );
    return () => {
      active = false;
      unsubscribe();
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps -- authKey stands for auth
  }, [authKey, baseUrl, variant, serverSession]);

  const signIn = useCallback(() => {
    const fb = api.current;
    // The SDK failed to load: the card's button starts over.
    if (!fb) return window.location.reload();
    fb.signInWithGoogle().catch((err: unknown) => {
      // A second click while a popup is open supersedes the first: not a failure.
      if ((err as { code?: string })?.code === 'auth/cancelled-popup-request') return;
      console.error('docgen: sign-in failed', err);
      setError(messages.signInFailed);
    });
  }, []);

  const signOut = useCallback(() => {
    if (signingOut.current) return;
    signingOut.current = true;
    void (async () => {
      // The server session first: while the `__session` cookie is valid the reader is not signed
      // out, so the card must not show before it is gone. If it cannot be cleared, nothing
      // changes (SPEC.md section 8: a sign-out failure is only logged) and 'Sair' can be retried.
      if (serverSession) {
        const cleared = await deleteSession(baseUrl).then(() => true, (err: unknown) => {
          logSignOutError(err);
          return false;
        });
        if (!cleared) {
          signingOut.current = false;
          return;
        }
      }
      // Then Firebase, whose listener shows the card.
      await api.current?.signOut().catch(logSignOutError);
      // The server now answers this URL with the login shell: back to the card for good.
      if (serverSession) window.location.reload();
      signingOut.current = false;
    })();
  }, [baseUrl, serverSession]);

  return { user, error, signIn, signOut };
}

function logSignOutError(err: unknown): void {
  console.error('docgen: sign-out failed', err);
}
