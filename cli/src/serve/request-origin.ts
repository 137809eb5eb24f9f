import type { IncomingMessage } from 'node:http';

const LOOPBACK_HOSTNAMES = new Set(['localhost', '127.0.0.1', '[::1]']);

/**
 * CSRF guard for the session endpoint: the browser's Origin must name this very host
 * (as the client reached it: Host, or X-Forwarded-Host behind a proxy such as Firebase
 * Hosting). Fetch Metadata, when sent, must agree. A request without Origin is refused:
 * every browser sends one on POST and DELETE.
 */
export function isSameOrigin(req: IncomingMessage): boolean {
  const origin = req.headers.origin;
  if (!origin || origin === 'null') return false;
  let originHost: string;
  try {
    originHost = new URL(origin).host.toLowerCase();
  } catch {
    return false;
  }
  const fetchSite = req.headers['sec-fetch-site'];
  if (fetchSite !== undefined && fetchSite !== 'same-origin') return false;
  const hosts = [req.headers.host, firstValue(req.headers['x-forwarded-host'])];
  return hosts.some((h) => h !== undefined && h.toLowerCase() === originHost);
}

/**
 * Whether the session cookie gets `Secure`: always in production; otherwise too, except for
 * plain http on a loopback host (local development and tests), where it would not stick.
 */
export function wantsSecureCookie(req: IncomingMessage, production: boolean): boolean {
  if (production || firstValue(req.headers['x-forwarded-proto']) === 'https') return true;
  const host = (req.headers.host ?? '').toLowerCase();
  const hostname = host.startsWith('[') ? host.slice(0, host.indexOf(']') + 1) : host.split(':')[0];
  return !LOOPBACK_HOSTNAMES.has(hostname);
}

function firstValue(header: string | string[] | undefined): string | undefined {
  const v = Array.isArray(header) ? header[0] : header;
  return v?.split(',')[0]?.trim() || undefined;
}
