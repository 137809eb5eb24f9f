/** Browser side of the sign-in: Firebase (loaded lazily), the domain rule, the server session. */
export { emailHasDomain } from '@docgen/core/email';
export { loadFirebaseAuth, type FirebaseAuthApi, type GateFirebaseUser } from './firebase';
export { deleteSession, postSession, markSessionReload, takeRecentSessionReload, type SessionResult } from './session';
