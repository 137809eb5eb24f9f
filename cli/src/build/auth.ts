import type { AuthData } from '@docgen/core/types';
import type { SiteConfig } from '../config/schema.js';
import { placeholderSignIn } from '../config/placeholder-sign-in.js';
import { yellow, type Logger } from '../utils/logger.js';

/** The gate settings the theme and `docgen serve` receive; emulator host is read at build time. */
export function resolveAuth(config: SiteConfig, logger: Logger): AuthData | null {
  if (!config.auth) return null;
  const emulatorHost = process.env.FIREBASE_AUTH_EMULATOR_HOST || null;
  if (config.auth.mode === 'static') {
    logger.warn('auth.mode is "static": the sign-in gate runs only in the browser, so every page, chunk and image of this build is readable by anyone who fetches the files. Serve it with `docgen serve` (auth.mode "server") to protect it.');
  }
  if (emulatorHost) logger.warn(`FIREBASE_AUTH_EMULATOR_HOST=${emulatorHost}: this build signs in against the Firebase Auth emulator, not Google. Never deploy it.`);
  else {
    const missing = placeholderSignIn(config.auth);
    // A notice, not a warning: a link-checking CI build without the secrets is right to pass.
    if (missing.length) logger.info(yellow(`NOT DEPLOYABLE: sign-in settings are placeholders (${missing.join(', ')}): nobody can sign in to this build, and docgen serve refuses it in production. Set DOCGEN_ALLOWED_DOMAIN and DOCGEN_FIREBASE_* and rebuild.`));
  }
  return { allowedDomain: config.auth.allowedDomain.toLowerCase(), firebase: config.auth.firebase, emulatorHost, mode: config.auth.mode };
}
