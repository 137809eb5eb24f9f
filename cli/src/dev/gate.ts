import type { IncomingMessage, ServerResponse } from 'node:http';
import type { AuthData } from '@docgen/core/types';
import type { SiteConfig } from '../config/schema.js';
import { DocgenError } from '../errors.js';
import { resolveSettings, type ServeManifest } from '../serve/index.js';
import { JwksCache } from '../serve/jwks.js';
import { sendJson } from '../serve/respond.js';
import { RateLimiter } from '../serve/rate-limit.js';
import { readSession, sessionKey } from '../serve/session-cookie.js';
import { handleSessionRequest, SIGN_IN_FAILURES_PER_MINUTE, type SessionEndpointContext } from '../serve/session-endpoint.js';
import type { Logger } from '../utils/logger.js';
import { DEV_HOSTS } from './urls.js';


/**
 * The sign-in gate in dev, the same one `docgen serve` enforces (cli/src/serve): it is on
 * when the site configures `auth` and FIREBASE_AUTH_EMULATOR_HOST names the Auth emulator.
 */
export interface DevGate extends SessionEndpointContext {
  /** `<baseUrl>__auth/session`, where the page exchanges its ID token for the cookie. */
  sessionPath: string;
}

export function createGate(config: SiteConfig, auth: AuthData, host: string, logger: Logger): DevGate {
  const manifest: ServeManifest = {
    version: 1,
    baseUrl: config.baseUrl,
    routes: [],
    redirects: {},
    notFound: '404',
    loginShell: '.docgen/login.html',
    publicPrefix: `${config.baseUrl}__docgen/dev/login/`,
    auth,
  };
  // The same checks as `docgen serve`: loopback host only, never with NODE_ENV=production.
  const resolved = resolveSettings(process.env, manifest, host);
  if (!resolved.ok) throw new DocgenError(resolved.errors.map((e) => `docgen dev: ${e}`).join('\n'));
  for (const w of resolved.warnings) logger.warn(w);
  const { settings } = resolved;
  return {
    sessionPath: `${config.baseUrl}__auth/session`,
    hosts: DEV_HOSTS,
    sessionLimit: new RateLimiter(SIGN_IN_FAILURES_PER_MINUTE, 60_000),
    sessionKey: sessionKey([settings.sessionSecret], auth.firebase.projectId, auth.allowedDomain),
    tokenPolicy: {
      projectId: auth.firebase.projectId,
      allowedDomain: auth.allowedDomain,
      acceptUnsigned: settings.emulator,
      getKey: new JwksCache(settings.jwksUrl).getKey,
    },
  };
}

/** The session endpoint itself. */
export const isSessionRequest = (gate: DevGate, pathname: string) => pathname === gate.sessionPath;

export function handleSession(gate: DevGate, req: IncomingMessage, res: ServerResponse): Promise<void> {
  return handleSessionRequest(gate, req, res);
}

/** True when the request carries a valid `__session` cookie. */
export function hasSession(gate: DevGate, req: IncomingMessage): boolean {
  return readSession(gate.sessionKey, req.headers.cookie) !== null;
}

/** No session: a page gets the login shell (no content), anything else a bare 401. */
export function refuse(res: ServerResponse, isPage: boolean, shell: () => Promise<string>): Promise<void> | void {
  if (!isPage) return sendJson(res, 401, { error: 'unauthenticated' });
  return shell().then((html) => {
    res.statusCode = 401;
    res.setHeader('Content-Type', 'text/html; charset=utf-8');
    res.setHeader('Cache-Control', 'no-store');
    res.end(html);
  });
}
