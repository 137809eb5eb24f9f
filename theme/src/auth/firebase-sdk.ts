import { getApp, getApps, initializeApp } from 'firebase/app';
import {
  connectAuthEmulator,
  getAuth,
  GoogleAuthProvider,
  onIdTokenChanged,
  signInWithPopup,
  signOut,
  type User,
} from 'firebase/auth';
import type { AuthData } from '../types';
import type { FirebaseAuthApi } from './firebase';

/**
 * The only module that imports the Firebase SDK. It is loaded with a dynamic import
 * (./firebase.ts), so the SDK is its own chunk, fetched after the page is up.
 */
export function createFirebaseAuth(config: AuthData): FirebaseAuthApi {
  const app = getApps().length ? getApp() : initializeApp(config.firebase);
  const auth = getAuth(app);
  if (config.emulatorHost) {
    // The SDK prints its own warning and shows a banner: emulator mode is never silent.
    connectAuthEmulator(auth, `http://${config.emulatorHost}`);
  }
  const provider = new GoogleAuthProvider();
  // SPEC.md section 4: the popup always asks which account to use.
  provider.setCustomParameters({ prompt: 'select_account' });
  return {
    onUserChanged: (listener) => {
      // ID-token changes, not just sign-in state: each refreshed token, posted to `docgen
      // serve` by the gate, renews its one-hour session while the page is open.
      const renewal = new TokenRenewal();
      const stop = onIdTokenChanged(auth, (user) => {
        renewal.schedule(user);
        listener(user);
      });
      return () => {
        renewal.cancel();
        stop();
      };
    },
    signInWithGoogle: async () => {
      await signInWithPopup(auth, provider);
    },
    signOut: () => signOut(auth),
  };
}

/** Refresh this long before the ID token expires (the SDK's own proactive refresh uses 5 min). */
const RENEW_BEFORE_EXPIRY_MS = 5 * 60_000;
/** After a failed refresh (offline), try again this much later. */
const RETRY_MS = 60_000;
/**
 * Never sooner than this after the last token: with the device's clock far ahead, every fresh
 * token would look about to expire and be refreshed again at once, in a loop.
 */
const MIN_WAIT_MS = 60_000;

/**
 * The SDK refreshes ID tokens ahead of time only for its internal listeners (other Firebase
 * products), not for onIdTokenChanged: without this the token, and so the server session
 * made from it, would lapse an hour after the page loaded.
 */
class TokenRenewal {
  private timer: ReturnType<typeof setTimeout> | null = null;
  /** Bumped by cancel(): an answer arriving for an earlier schedule() is dropped. */
  private generation = 0;

  schedule(user: User | null): void {
    this.cancel();
    if (!user) return;
    const generation = this.generation;
    user.getIdTokenResult().then(
      (result) => {
        if (generation !== this.generation) return;
        const wait = Math.max(MIN_WAIT_MS, Date.parse(result.expirationTime) - Date.now() - RENEW_BEFORE_EXPIRY_MS);
        // A refreshed token reaches onIdTokenChanged, which schedules the next renewal.
        this.timer = setTimeout(() => user.getIdToken(true).catch(() => this.retry(user)), wait);
      },
      () => generation === this.generation && this.retry(user),
    );
  }

  cancel(): void {
    this.generation++;
    if (this.timer !== null) clearTimeout(this.timer);
    this.timer = null;
  }

  private retry(user: User): void {
    this.cancel();
    this.timer = setTimeout(() => this.schedule(user), RETRY_MS);
  }
}
