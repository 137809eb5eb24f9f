import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { exportJWK, generateKeyPair, SignJWT, type JWTPayload, type CryptoKey } from 'jose';

// Not a `demo-` project: production starts of docgen serve refuse placeholder sign-in settings.
export const PROJECT_ID = 'docgen-test-project';
export const ALLOWED_DOMAIN = 'corp.com';

/**
 * Forges Firebase-style ID tokens with a locally generated RSA key, and publishes that key
 * as a JWKS on 127.0.0.1 (the server reads it through DOCGEN_FIREBASE_JWKS_URL).
 */
export class TokenForge {
  jwksUrl = '';
  /** How many times the JWKS was fetched (to see the Cache-Control caching at work). */
  jwksFetches = 0;
  private server: Server | null = null;

  private constructor(
    private readonly key: CryptoKey,
    private readonly otherKey: CryptoKey,
    private readonly publicJwk: Record<string, unknown>,
  ) {}

  static async create(): Promise<TokenForge> {
    const { privateKey, publicKey } = await generateKeyPair('RS256');
    const other = await generateKeyPair('RS256');
    const jwk = { ...(await exportJWK(publicKey)), kid: 'test-key-1', alg: 'RS256', use: 'sig' };
    return new TokenForge(privateKey, other.privateKey, jwk);
  }

  async listen(): Promise<void> {
    this.server = createServer((_req, res) => {
      this.jwksFetches++;
      res.setHeader('Content-Type', 'application/json');
      res.setHeader('Cache-Control', 'public, max-age=3600, must-revalidate');
      res.end(JSON.stringify({ keys: [this.publicJwk] }));
    });
    await new Promise<void>((resolve) => this.server!.listen(0, '127.0.0.1', resolve));
    this.jwksUrl = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}/jwks.json`;
  }

  close(): Promise<void> {
    return new Promise((resolve) => (this.server ? this.server.close(() => resolve()) : resolve()));
  }

  /** The claims of a valid Google sign-in for ana@corp.com, with `overrides` applied (undefined removes). */
  claims(overrides: Record<string, unknown> = {}): JWTPayload {
    const now = Math.floor(Date.now() / 1000);
    const base: Record<string, unknown> = {
      iss: `https://securetoken.google.com/${PROJECT_ID}`,
      aud: PROJECT_ID,
      auth_time: now - 60,
      user_id: 'uid-ana',
      sub: 'uid-ana',
      iat: now - 60,
      // Firebase ID tokens live exactly one hour.
      exp: now - 60 + 3600,
      email: `ana@${ALLOWED_DOMAIN}`,
      email_verified: true,
      name: 'Ana Souza',
      firebase: { identities: { 'google.com': ['1234'], email: [`ana@${ALLOWED_DOMAIN}`] }, sign_in_provider: 'google.com' },
    };
    for (const [k, v] of Object.entries(overrides)) {
      if (v === undefined) delete base[k];
      else base[k] = v;
    }
    return base as JWTPayload;
  }

  /** An RS256 token signed with the published key (or with an unpublished one: `wrongKey`). */
  sign(overrides: Record<string, unknown> = {}, opts: { wrongKey?: boolean } = {}): Promise<string> {
    return new SignJWT(this.claims(overrides))
      .setProtectedHeader({ alg: 'RS256', kid: 'test-key-1', typ: 'JWT' })
      .sign(opts.wrongKey ? this.otherKey : this.key);
  }

  /** An unsigned token, shaped like the Firebase Auth emulator's (`alg: none`, empty signature). */
  unsigned(overrides: Record<string, unknown> = {}): string {
    const b64 = (v: unknown) => Buffer.from(JSON.stringify(v)).toString('base64url');
    return `${b64({ alg: 'none', typ: 'JWT' })}.${b64(this.claims(overrides))}.`;
  }
}
