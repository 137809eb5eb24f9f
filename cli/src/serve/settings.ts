import { randomBytes } from 'node:crypto';
import { placeholderSignIn } from '../config/placeholder-sign-in.js';
import { GOOGLE_SECURETOKEN_JWKS_URL } from './jwks.js';
import type { ServeManifest } from './manifest.js';

/** What `docgen serve` takes from the environment, checked before anything listens. */
export interface ServeSettings {
  /** NODE_ENV=production: a session secret is required and emulator mode is refused. */
  production: boolean;
  /** FIREBASE_AUTH_EMULATOR_HOST set: unsigned emulator tokens are accepted. */
  emulator: boolean;
  sessionSecret: string;
  jwksUrl: string;
}

export type SettingsResult =
  | { ok: true; settings: ServeSettings; warnings: string[] }
  | { ok: false; errors: string[] };

export const MIN_SECRET_BYTES = 32;
const LOOPBACK_HOSTS = new Set(['127.0.0.1', '::1', 'localhost']);

export function resolveSettings(env: NodeJS.ProcessEnv, manifest: ServeManifest, host: string): SettingsResult {
  const errors: string[] = [];
  const warnings: string[] = [];
  const production = env.NODE_ENV === 'production';
  const emulatorHost = env.FIREBASE_AUTH_EMULATOR_HOST?.trim() || null;
  const auth = manifest.auth;

  if (emulatorHost) {
    if (production) errors.push('FIREBASE_AUTH_EMULATOR_HOST is set but NODE_ENV=production: emulator mode accepts unsigned tokens and is refused in production.');
    // Unsigned tokens only for a build made in emulator mode: an env variable left set (with
    // NODE_ENV "prod", "Production" or unset) must not open a real site.
    if (auth && !auth.emulatorHost) errors.push('FIREBASE_AUTH_EMULATOR_HOST is set, but this build was made for a real Firebase project: unsigned emulator tokens are accepted only by a build made in emulator mode. Unset FIREBASE_AUTH_EMULATOR_HOST (or rebuild with it for local testing).');
    // Anyone who can reach an emulator-mode server can forge a session: keep it on this machine.
    if (!LOOPBACK_HOSTS.has(host)) errors.push(`emulator mode only listens on a loopback host (127.0.0.1, ::1, localhost), not --host ${host}.`);
    warnings.push(`EMULATOR MODE (FIREBASE_AUTH_EMULATOR_HOST=${emulatorHost}): unsigned tokens from the Firebase Auth emulator are accepted. Never use this in production.`);
  }
  if (auth?.emulatorHost) {
    if (production) errors.push(`this build was made for the Firebase Auth emulator (${auth.emulatorHost}); rebuild it without FIREBASE_AUTH_EMULATOR_HOST for production.`);
    else if (!emulatorHost) warnings.push(`this build signs in through the Auth emulator at ${auth.emulatorHost}, but FIREBASE_AUTH_EMULATOR_HOST is not set here: every sign-in will be refused.`);
  } else if (auth && emulatorHost) {
    warnings.push('this build signs in through the real Firebase project (it was built without FIREBASE_AUTH_EMULATOR_HOST).');
  }

  let sessionSecret = env.DOCGEN_SESSION_SECRET ?? '';
  if (sessionSecret) {
    if (Buffer.byteLength(sessionSecret) < MIN_SECRET_BYTES) errors.push(`DOCGEN_SESSION_SECRET is too short: it needs at least ${MIN_SECRET_BYTES} bytes (e.g. \`openssl rand -base64 48\`).`);
  } else if (production && auth) {
    errors.push(`DOCGEN_SESSION_SECRET is not set: production needs a secret of at least ${MIN_SECRET_BYTES} bytes, the same for every docgen serve process (e.g. \`openssl rand -base64 48\`).`);
  } else {
    sessionSecret = randomBytes(MIN_SECRET_BYTES).toString('base64url');
    if (auth) warnings.push('DOCGEN_SESSION_SECRET is not set: using a random one, so sessions end when this process stops and other processes do not accept them.');
  }

  if (production && auth && !auth.emulatorHost) {
    const placeholders = placeholderSignIn(auth);
    if (placeholders.length) errors.push(`this build's sign-in settings are placeholders (${placeholders.join(', ')}): nobody could sign in. Set DOCGEN_ALLOWED_DOMAIN and DOCGEN_FIREBASE_* and rebuild.`);
  }
  if (!auth) {
    warnings.push('NO SIGN-IN: this build has no auth configuration (auth: null), so every page is served to anyone. Set DOCGEN_ALLOWED_DOMAIN and DOCGEN_FIREBASE_* and rebuild to protect it.');
  } else if (auth.mode === 'static') {
    warnings.push("this build was made for plain static hosting (auth.mode 'static'); docgen serve enforces the sign-in on the server anyway.");
  }

  const jwksUrl = env.DOCGEN_FIREBASE_JWKS_URL?.trim() || GOOGLE_SECURETOKEN_JWKS_URL;
  if (jwksUrl !== GOOGLE_SECURETOKEN_JWKS_URL) warnings.push(`token signing keys come from ${jwksUrl} (DOCGEN_FIREBASE_JWKS_URL), not from Google.`);

  if (errors.length) return { ok: false, errors };
  return { ok: true, settings: { production, emulator: !!emulatorHost && !!auth?.emulatorHost, sessionSecret, jwksUrl }, warnings };
}
