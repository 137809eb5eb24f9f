import { isIP } from 'node:net';
import type { IncomingMessage } from 'node:http';
import { BoundedMemo } from './memo.js';

/**
 * Which host names a request may name, and how the client reached us.
 *
 * DNS rebinding: a page on attacker.example whose name is re-pointed at this server sends
 * `Host: attacker.example` and is same-origin with itself, so a server that believes any
 * Host (and compares Origin with it) hands that page a session. Only names we expect are
 * answered: in production the site's own URL host; elsewhere (dev, emulator mode, tests)
 * loopback names. An IP literal can never be rebound (the browser connects to exactly that
 * address), so it is accepted outside production too.
 */
export interface HostPolicy {
  /** The public URL of the site (DOCGEN_SITE_URL or the config's `url`), if known. */
  siteUrl: URL | null;
  /** Production: only the site URL's host is answered, and it is the only origin. */
  production: boolean;
  /** Behind a proxy (--trust-proxy): X-Forwarded-Host/-Proto/-For tell how the client came. */
  trustProxy: boolean;
  /**
   * How many proxies append to X-Forwarded-For before the request reaches us (--trust-proxy
   * <hops>, 1 when not given): the client's address is that many entries from the right.
   */
  proxyHops?: number;
  /**
   * Other names of the site (DOCGEN_SITE_ALIASES: e.g. Firebase Hosting's <site>.web.app):
   * never answered, a GET or HEAD is sent on to the same path on the site URL.
   */
  aliases?: ReadonlySet<string>;
}

const LOOPBACK_NAMES = new Set(['localhost', '127.0.0.1', '[::1]']);

/** The host name (lower case, no port; IPv6 in brackets) the client asked for, or null. */
export function requestHostname(req: IncomingMessage, policy: Pick<HostPolicy, 'trustProxy'>): string | null {
  const raw = effectiveHost(req, policy.trustProxy);
  return raw === undefined ? null : hostnameOf(raw);
}

/** Decisions by the raw host value, per policy: a server sees the same few values all day. */
const hostDecisions = new WeakMap<HostPolicy, BoundedMemo<string, boolean>>();
const MAX_REMEMBERED_HOST_LENGTH = 300;

export function isAllowedHost(req: IncomingMessage, policy: HostPolicy): boolean {
  const raw = effectiveHost(req, policy.trustProxy);
  if (raw === undefined) return false;
  let decisions = hostDecisions.get(policy);
  if (!decisions) hostDecisions.set(policy, (decisions = new BoundedMemo(256)));
  const known = decisions.get(raw);
  if (known !== undefined) return known;
  const allowed = decideHost(hostnameOf(raw), policy);
  if (raw.length <= MAX_REMEMBERED_HOST_LENGTH) decisions.set(raw, allowed);
  return allowed;
}

function decideHost(name: string | null, policy: HostPolicy): boolean {
  if (name === null) return false;
  if (policy.siteUrl && name === policy.siteUrl.hostname) return true;
  if (policy.production) return false;
  return LOOPBACK_NAMES.has(name) || isIP(name.replace(/^\[|\]$/g, '')) !== 0;
}

/** Whether the request names one of the site's other names (only with a site URL to send it to). */
export function isAliasHost(req: IncomingMessage, policy: HostPolicy): boolean {
  if (!policy.siteUrl || !policy.aliases?.size) return false;
  const name = requestHostname(req, policy);
  return name !== null && policy.aliases.has(name);
}

/** `https` only when a trusted proxy says so: this server itself speaks plain http. */
export function requestScheme(req: IncomingMessage, policy: Pick<HostPolicy, 'trustProxy'>): 'http' | 'https' {
  return policy.trustProxy && lastValue(req.headers['x-forwarded-proto'])?.toLowerCase() === 'https' ? 'https' : 'http';
}

/**
 * CSRF guard for the session endpoint: the browser's Origin (scheme, host and port) must be
 * this site's: the site URL's origin in production, else the origin the client reached
 * (already checked by isAllowedHost). Fetch Metadata, when sent, must agree. A request
 * without Origin is refused: every browser sends one on POST and DELETE.
 */
export function isSameOrigin(req: IncomingMessage, policy: HostPolicy): boolean {
  const origin = req.headers.origin;
  if (!origin || origin === 'null') return false;
  const fetchSite = req.headers['sec-fetch-site'];
  if (fetchSite !== undefined && fetchSite !== 'same-origin') return false;
  let given: string;
  try {
    given = new URL(origin).origin;
  } catch {
    return false;
  }
  if (policy.production) return policy.siteUrl !== null && given === policy.siteUrl.origin;
  const host = effectiveHost(req, policy.trustProxy);
  if (host === undefined) return false;
  let expected: string;
  try {
    expected = new URL(`${requestScheme(req, policy)}://${host}`).origin;
  } catch {
    return false;
  }
  return given === expected;
}

/**
 * Whether the session cookie gets `Secure`: always in production; otherwise too, except for
 * plain http on a loopback host (local development and tests), where it would not stick.
 */
export function wantsSecureCookie(req: IncomingMessage, policy: HostPolicy): boolean {
  if (policy.production || requestScheme(req, policy) === 'https') return true;
  const name = requestHostname(req, policy);
  return name === null || !LOOPBACK_NAMES.has(name);
}

/**
 * The client's address: the socket's, or behind a trusted proxy the X-Forwarded-For entry the
 * proxies wrote. Each proxy appends the address it got the request from, so with `proxyHops`
 * proxies the client's is that many entries from the right; entries further left are whatever
 * the client sent (the left-most is its own choice: rotating it would dodge the sign-in limit).
 */
export function clientAddress(req: IncomingMessage, policy: Pick<HostPolicy, 'trustProxy' | 'proxyHops'>): string {
  const header = policy.trustProxy ? req.headers['x-forwarded-for'] : undefined;
  const forwarded = Array.isArray(header) ? header.join(',') : header;
  if (forwarded) {
    const entries = forwarded.split(',');
    // Fewer entries than hops: a proxy did not append; the furthest entry is still a proxy's.
    const entry = entries[Math.max(0, entries.length - (policy.proxyHops ?? 1))].trim();
    if (entry !== '') return entry;
  }
  return req.socket.remoteAddress ?? 'unknown';
}

/**
 * The address the nearest proxy got the request from (the right-most X-Forwarded-For entry,
 * which it wrote itself), when more than one proxy is trusted; else null (the client address is
 * then that entry already). Behind Firebase Hosting it is an edge of Hosting; a client reaching
 * Cloud Run's own URL directly writes every entry left of it, but never this one.
 */
export function nearestProxyPeer(req: IncomingMessage, policy: Pick<HostPolicy, 'trustProxy' | 'proxyHops'>): string | null {
  if (!policy.trustProxy || (policy.proxyHops ?? 1) < 2) return null;
  return lastValue(req.headers['x-forwarded-for']) ?? null;
}

/**
 * Behind a trusted proxy, the host the client asked for as the proxy nearest to us wrote it:
 * Firebase Hosting's X-Fh-Requested-Host (the name Hosting was asked for, whatever it puts in
 * X-Forwarded-Host), else the right-most X-Forwarded-Host, should a proxy append to what the
 * client sent rather than replace it.
 */
function effectiveHost(req: IncomingMessage, trustProxy: boolean): string | undefined {
  if (!trustProxy) return req.headers.host;
  return lastValue(req.headers['x-fh-requested-host']) ?? lastValue(req.headers['x-forwarded-host']) ?? req.headers.host;
}

function hostnameOf(host: string): string | null {
  // A name, an IPv4 or a bracketed IPv6 literal, and a port: nothing the URL parser would
  // reinterpret (`a@localhost` has the host name localhost).
  if (!/^(?:[a-z0-9.-]+|\[[0-9a-f:.]+\])(?::\d{1,5})?$/i.test(host)) return null;
  try {
    // The URL parser validates the name and drops the port (and a default port's digits).
    const name = new URL(`http://${host}`).hostname;
    return name === '' ? null : name.toLowerCase();
  } catch {
    return null;
  }
}

function lastValue(header: string | string[] | undefined): string | undefined {
  const v = Array.isArray(header) ? header[header.length - 1] : header;
  return v?.slice(v.lastIndexOf(',') + 1).trim() || undefined;
}
