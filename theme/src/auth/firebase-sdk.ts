import { getApp, getApps, initializeApp } from 'firebase/app';
import {
  connectAuthEmulator,
  getAuth,
  GoogleAuthProvider,
  onAuthStateChanged,
  signInWithPopup,
  signOut,
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
    onUserChanged: (listener) => onAuthStateChanged(auth, listener),
    signInWithGoogle: async () => {
      await signInWithPopup(auth, provider);
    },
    signOut: () => signOut(auth),
  };
}
