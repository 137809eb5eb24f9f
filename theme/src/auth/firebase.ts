import type { AuthData } from '../types';

/** The part of a Firebase user the gate uses. */
export interface GateFirebaseUser {
  displayName: string | null;
  email: string | null;
  getIdToken(): Promise<string>;
}

/** What the gate needs from Firebase Auth, so nothing else imports the SDK. */
export interface FirebaseAuthApi {
  /** Called once the persisted state is known, then on every sign-in, sign-out and ID token refresh. */
  onUserChanged(listener: (user: GateFirebaseUser | null) => void): () => void;
  /** Google popup with account selection. Rejects with a FirebaseError (`code`) on failure. */
  signInWithGoogle(): Promise<void>;
  signOut(): Promise<void>;
}

let loading: Promise<FirebaseAuthApi> | null = null;

/**
 * Loads the Firebase SDK on first use, off the page's critical path (it is larger than the
 * whole theme), and initialises it once per page.
 */
export function loadFirebaseAuth(config: AuthData): Promise<FirebaseAuthApi> {
  loading ??= import('./firebase-sdk').then((m) => m.createFirebaseAuth(config));
  loading.catch(() => {
    loading = null;
  });
  return loading;
}
