import { createHash } from 'node:crypto';
import type { ServerResponse } from 'node:http';
import type { ServeAuth } from './manifest.js';

/**
 * Security headers for every response, and the Content-Security-Policy of pages.
 *
 * A page may run only its own scripts, the inline scripts the build wrote into it (by hash,
 * never 'unsafe-inline') and what Firebase sign-in needs: Google's gapi loader from
 * apis.google.com, the auth helper iframe on the project's authDomain, and the Identity
 * Toolkit / Secure Token APIs. In emulator mode the emulator's origin takes their place too.
 */
export function setCommonHeaders(res: ServerResponse): void {
  for (let i = 0; i < COMMON_HEADERS.length; i += 2) res.setHeader(COMMON_HEADERS[i], COMMON_HEADERS[i + 1]);
  res.setHeader('Content-Security-Policy', RESOURCE_CSP);
}

/** Every response's security headers but its CSP, as the flat list `res.writeHead` takes. */
export const COMMON_HEADERS: readonly string[] = [
  'X-Content-Type-Options', 'nosniff',
  'X-Frame-Options', 'DENY',
  'Referrer-Policy', 'strict-origin-when-cross-origin',
  // The sign-in popup reports back through window.opener: 'same-origin' would cut it off.
  'Cross-Origin-Opener-Policy', 'same-origin-allow-popups',
  'Permissions-Policy', 'camera=(), microphone=(), geolocation=(), payment=()',
];

/** Browsers heed it only over https, which behind a proxy only the proxy can vouch for. */
export const HSTS = 'max-age=31536000; includeSubDomains';

/** Shared by every response that fits them: never changed once built. */
const secured = new WeakSet<string[]>();

/**
 * A response's whole header list, computed once and reused for every request it fits:
 * `headers` with the security headers, `csp` and (over https) HSTS added. docgen serve's
 * responses (ServeResponse) add the security headers to any other header set themselves.
 */
export function securedHeaderList(headers: string[], csp: string, https: boolean): string[] {
  const list = [...COMMON_HEADERS, 'Content-Security-Policy', csp, ...(https ? ['Strict-Transport-Security', HSTS] : []), ...headers];
  secured.add(list);
  return list;
}

export function isSecuredHeaderList(headers: unknown): boolean {
  return Array.isArray(headers) && secured.has(headers);
}

/** Anything that is not a page or a script (images, JSON, CSS...): it can run nothing. */
export const RESOURCE_CSP = "default-src 'none'; img-src 'self' data:; style-src 'unsafe-inline'; frame-ancestors 'none'; sandbox";

export function pageCsp(auth: ServeAuth | null, inlineScriptHashes: string[]): string {
  const firebase = auth ? firebaseSources(auth) : { script: [], connect: [], frame: [] };
  const directives: [string, string[]][] = [
    ['default-src', ["'self'"]],
    ['script-src', ["'self'", ...inlineScriptHashes.map((h) => `'${h}'`), ...firebase.script]],
    ['style-src', ["'self'", "'unsafe-inline'"]],
    ['img-src', ["'self'", 'data:']],
    ['font-src', ["'self'", 'data:']],
    ['connect-src', ["'self'", ...firebase.connect]],
    ['frame-src', firebase.frame.length ? firebase.frame : ["'none'"]],
    ['object-src', ["'none'"]],
    ['base-uri', ["'self'"]],
    ['form-action', ["'self'"]],
    ['frame-ancestors', ["'none'"]],
  ];
  return directives.map(([name, values]) => `${name} ${values.join(' ')}`).join('; ');
}

function firebaseSources(auth: ServeAuth): { script: string[]; connect: string[]; frame: string[] } {
  const emulator = auth.emulatorHost ? [`http://${auth.emulatorHost}`] : [];
  return {
    script: ['https://apis.google.com'],
    connect: [
      'https://identitytoolkit.googleapis.com',
      'https://securetoken.googleapis.com',
      'https://www.googleapis.com',
      ...emulator,
    ],
    frame: [`https://${auth.firebase.authDomain}`, ...emulator],
  };
}

/** CSP hash sources ('sha256-…') of the inline scripts a browser would execute in `html`. */
export function inlineScriptHashes(html: string): string[] {
  const hashes = new Set<string>();
  for (const m of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script\s*>/gi)) {
    const attrs = m[1];
    if (/\bsrc\s*=/i.test(attrs)) continue;
    const type = /\btype\s*=\s*["']?([^"'\s>]+)/i.exec(attrs)?.[1]?.toLowerCase();
    // Data blocks (the boot JSON) are never executed, so they need no hash.
    if (type && type !== 'module' && !type.includes('javascript')) continue;
    hashes.add('sha256-' + createHash('sha256').update(m[2], 'utf8').digest('base64'));
  }
  return [...hashes];
}
