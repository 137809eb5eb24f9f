import { randomBytes } from 'node:crypto';
import { placeholderSignIn } from '../config/placeholder-sign-in.js';
import { GOOGLE_SECURETOKEN_JWKS_URL } from './jwks.js';
import type { ServeManifest } from './manifest.js';

/** What `docgen serve` takes from the environment and its flags, checked before anything listens. */
export interface ServeSettings {
  /** NODE_ENV=production: a session secret and the site URL are required, emulator mode is refused. */
  production: boolean;
  /** FIREBASE_AUTH_EMULATOR_HOST set: unsigned emulator tokens are accepted. */
  emulator: boolean;
  sessionSecret: string;
  /** DOCGEN_SESSION_SECRET_PREVIOUS: still accepted for reading sessions during a rotation. */
  previousSecret: string | null;
  jwksUrl: string;
  /** The site's public URL (DOCGEN_SITE_URL, else the config's `url`): the host answered in production. */
  siteUrl: URL | null;
  /** DOCGEN_SITE_ALIASES: the site's other host names, redirected to the site URL (lower case). */
  aliases: Set<string>;
  /** --trust-proxy: X-Forwarded-Host/-Proto/-For come from a proxy in front (Firebase Hosting, Cloud Run). */
  trustProxy: boolean;
  /** --trust-proxy <hops>: proxies that append to X-Forwarded-For (the client's address is that many from the right). */
  proxyHops: number;
}

export interface ServeFlags {
  /** --trust-proxy [hops]: true for one proxy, or how many append to X-Forwarded-For. */
  trustProxy?: boolean | number;
  /** --public: serving a build without a sign-in in production is what is meant. */
  public?: boolean;
}

export type SettingsResult =
  | { ok: true; settings: ServeSettings; warnings: string[] }
  | { ok: false; errors: string[] };

export const MIN_SECRET_BYTES = 32;
/** A secret like 'p'.repeat(32) is long but guessable: ask for this much estimated entropy. */
export const MIN_SECRET_BITS = 128;
const LOOPBACK_HOSTS = new Set(['127.0.0.1', '::1', 'localhost']);
const MAKE_SECRET = '`openssl rand -base64 48`';

export function resolveSettings(env: NodeJS.ProcessEnv, manifest: ServeManifest, host: string, flags: ServeFlags = {}): SettingsResult {
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
    const problem = secretProblem('DOCGEN_SESSION_SECRET', sessionSecret);
    if (problem) errors.push(problem);
  } else if (production && auth) {
    errors.push(`DOCGEN_SESSION_SECRET is not set: production needs a random secret of at least ${MIN_SECRET_BYTES} bytes, the same for every docgen serve process (e.g. ${MAKE_SECRET}).`);
  } else {
    sessionSecret = randomBytes(MIN_SECRET_BYTES).toString('base64url');
    if (auth) warnings.push('DOCGEN_SESSION_SECRET is not set: using a random one, so sessions end when this process stops and other processes do not accept them.');
  }
  const previousSecret = env.DOCGEN_SESSION_SECRET_PREVIOUS || null;
  if (previousSecret) {
    const problem = secretProblem('DOCGEN_SESSION_SECRET_PREVIOUS', previousSecret);
    if (problem) errors.push(problem);
    if (!env.DOCGEN_SESSION_SECRET) errors.push('DOCGEN_SESSION_SECRET_PREVIOUS is set without DOCGEN_SESSION_SECRET: a rotation needs the new secret too.');
  }

  if (production && auth && !auth.emulatorHost) {
    const placeholders = placeholderSignIn(auth);
    if (placeholders.length) errors.push(`this build's sign-in settings are placeholders (${placeholders.join(', ')}): nobody could sign in. Set DOCGEN_ALLOWED_DOMAIN and DOCGEN_FIREBASE_* and rebuild.`);
  }
  if (!auth) {
    if (production && !flags.public) errors.push('this build has no sign-in (auth: null): in production every page would be public. Set DOCGEN_ALLOWED_DOMAIN and DOCGEN_FIREBASE_* and rebuild, or pass --public if the site is meant to be public.');
    else warnings.push('NO SIGN-IN: this build has no auth configuration (auth: null), so every page is served to anyone. Set DOCGEN_ALLOWED_DOMAIN and DOCGEN_FIREBASE_* and rebuild to protect it.');
  } else if (auth.mode === 'static') {
    warnings.push("this build was made for plain static hosting (auth.mode 'static'); docgen serve enforces the sign-in on the server anyway.");
  }

  const customJwks = env.DOCGEN_FIREBASE_JWKS_URL?.trim();
  const jwksUrl = customJwks || GOOGLE_SECURETOKEN_JWKS_URL;
  if (customJwks && customJwks !== GOOGLE_SECURETOKEN_JWKS_URL) {
    // Whoever controls the key set mints sessions: in production only Google's keys count.
    if (production) errors.push('DOCGEN_FIREBASE_JWKS_URL is set but NODE_ENV=production: tokens are checked against Google\'s keys only. Unset it.');
    else warnings.push(`token signing keys come from ${jwksUrl} (DOCGEN_FIREBASE_JWKS_URL), not from Google.`);
  }

  const siteUrl = parseSiteUrl(env.DOCGEN_SITE_URL?.trim() || manifest.siteUrl || null, production, errors);
  if (production && auth && !siteUrl && !errors.some((e) => e.startsWith('DOCGEN_SITE_URL'))) {
    errors.push('DOCGEN_SITE_URL is not set: production answers only requests for the site\'s own host (against DNS rebinding). Set it to the public URL, e.g. https://docs.empresa.com.br/ (or set `url` in site.config.ts and rebuild).');
  }

  const aliases = parseAliases(env.DOCGEN_SITE_ALIASES, siteUrl, errors);

  if (errors.length) return { ok: false, errors };
  return {
    ok: true,
    settings: { production, emulator: !!emulatorHost && !!auth?.emulatorHost, sessionSecret, previousSecret, jwksUrl, siteUrl, aliases, trustProxy: !!flags.trustProxy, proxyHops: typeof flags.trustProxy === 'number' ? flags.trustProxy : 1 },
    warnings,
  };
}

function parseSiteUrl(value: string | null, production: boolean, errors: string[]): URL | null {
  if (!value) return null;
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    errors.push(`DOCGEN_SITE_URL (or the config's url) "${value}" is not a URL: expected e.g. https://docs.empresa.com.br/.`);
    return null;
  }
  if (url.protocol !== 'https:' && (production || url.protocol !== 'http:')) {
    errors.push(`DOCGEN_SITE_URL (or the config's url) "${value}" must be an https:// URL${production ? ' in production' : ''}.`);
    return null;
  }
  return url;
}

/** DOCGEN_SITE_ALIASES: host names, comma separated, each redirected to the site URL. */
function parseAliases(value: string | undefined, siteUrl: URL | null, errors: string[]): Set<string> {
  const names = (value ?? '').split(',').map((n) => n.trim().toLowerCase()).filter(Boolean);
  if (names.length === 0) return new Set();
  if (!siteUrl) errors.push('DOCGEN_SITE_ALIASES is set without DOCGEN_SITE_URL (or the config\'s url): there is no site to send those names to.');
  const bad = names.filter((n) => !/^[a-z0-9](?:[a-z0-9-]*[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]*[a-z0-9])?)*$/.test(n) || n === siteUrl?.hostname);
  if (bad.length) errors.push(`DOCGEN_SITE_ALIASES: ${bad.join(', ')} ${bad.length === 1 ? 'is' : 'are'} not another host name of the site (expected names such as meu-projeto.web.app, comma separated, without scheme or port).`);
  return new Set(names);
}

/**
 * Why a session secret is unfit, or null. Length alone is not enough ('p' x 32 has 32 bytes
 * and no entropy): the estimate is the length times the Shannon entropy of its characters,
 * which a random base64 or hex string passes by far and a repeated or simple one fails.
 */
export function secretProblem(name: string, secret: string): string | null {
  if (Buffer.byteLength(secret) < MIN_SECRET_BYTES) return `${name} is too short: it needs at least ${MIN_SECRET_BYTES} random bytes (e.g. ${MAKE_SECRET}).`;
  if (estimatedBits(secret) < MIN_SECRET_BITS) return `${name} is too predictable (repeated or few distinct characters): use a random value of at least ${MIN_SECRET_BYTES} bytes (e.g. ${MAKE_SECRET}).`;
  return null;
}

function estimatedBits(text: string): number {
  const counts = new Map<string, number>();
  for (const ch of text) counts.set(ch, (counts.get(ch) ?? 0) + 1);
  const n = [...text].length;
  let perChar = 0;
  for (const c of counts.values()) perChar -= (c / n) * Math.log2(c / n);
  return perChar * n;
}
