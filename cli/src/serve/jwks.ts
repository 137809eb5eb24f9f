import { createLocalJWKSet, type JSONWebKeySet, type JWTHeaderParameters, type FlattenedJWSInput } from 'jose';

/** Google's signing keys for Firebase ID tokens, as a JWK set. */
export const GOOGLE_SECURETOKEN_JWKS_URL =
  'https://www.googleapis.com/service_accounts/v1/jwk/securetoken@system.gserviceaccount.com';

const DEFAULT_MAX_AGE_S = 3600;
/** A max-age of 0 would refetch on every sign-in: keep keys at least this long. */
const SHORTEST_MAX_AGE_S = 60;
const LONGEST_MAX_AGE_S = 24 * 3600;
/** An unknown `kid` forces a refetch at most this often, so forged kids cannot make us hammer Google. */
const REFETCH_COOLDOWN_MS = 30_000;
const FETCH_TIMEOUT_MS = 5_000;

type KeyLookup = ReturnType<typeof createLocalJWKSet>;

/** No keys could be fetched yet: the token may be fine, the server cannot tell. */
export class KeysUnavailableError extends Error {}

/**
 * A JWK set fetched from `url` and kept as long as its Cache-Control max-age says
 * (jose's createRemoteJWKSet uses a fixed age instead). When a refetch fails the
 * previous keys stay in use: Google rotates keys with overlap, so stale keys are
 * still the best answer during an outage.
 */
export class JwksCache {
  private lookup: KeyLookup | null = null;
  private expiresAt = 0;
  private lastFetch = 0;
  private inflight: Promise<void> | null = null;

  constructor(private readonly url: string, private readonly now: () => number = Date.now) {}

  /** Key resolver for jose's jwtVerify. */
  readonly getKey = async (header: JWTHeaderParameters, token: FlattenedJWSInput) => {
    if (this.now() >= this.expiresAt) await this.refresh();
    try {
      return await this.lookupOrThrow()(header, token);
    } catch (err) {
      // A kid we do not know may be a freshly rotated key: refetch once, rate-limited.
      if (this.now() - this.lastFetch < REFETCH_COOLDOWN_MS) throw err;
      await this.refresh();
      return this.lookupOrThrow()(header, token);
    }
  };

  private lookupOrThrow(): KeyLookup {
    if (!this.lookup) throw new KeysUnavailableError(`signing keys unavailable from ${this.url}`);
    return this.lookup;
  }

  private refresh(): Promise<void> {
    this.inflight ??= this.fetchKeys().finally(() => { this.inflight = null; });
    return this.inflight;
  }

  private async fetchKeys(): Promise<void> {
    this.lastFetch = this.now();
    try {
      const res = await fetch(this.url, { signal: AbortSignal.timeout(FETCH_TIMEOUT_MS) });
      if (!res.ok) throw new Error(`HTTP ${res.status}`);
      const jwks = (await res.json()) as JSONWebKeySet;
      if (!Array.isArray(jwks?.keys)) throw new Error('response is not a JWK set');
      this.lookup = createLocalJWKSet(jwks);
      this.expiresAt = this.now() + maxAgeSeconds(res.headers.get('cache-control')) * 1000;
    } catch (err) {
      // Retry after the cooldown, not on every request of an outage.
      this.expiresAt = this.now() + REFETCH_COOLDOWN_MS;
      console.error(`docgen serve: could not fetch signing keys from ${this.url}: ${(err as Error).message}`);
    }
  }
}

/** max-age from a Cache-Control header, bounded; a default when absent or no-cache. */
export function maxAgeSeconds(cacheControl: string | null): number {
  const m = cacheControl ? /(?:^|,)\s*max-age\s*=\s*(\d+)/i.exec(cacheControl) : null;
  if (!m) return DEFAULT_MAX_AGE_S;
  return Math.max(SHORTEST_MAX_AGE_S, Math.min(Number(m[1]), LONGEST_MAX_AGE_S));
}
