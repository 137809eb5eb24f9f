import type { IncomingMessage } from 'node:http';
import { BoundedMemo } from './memo.js';

/**
 * Turns the raw request target into a safe, decoded path, or refuses it.
 *
 * Everything that could step outside the build folder or smuggle a separator past the
 * checks is refused before the file system is touched: encoded slashes and backslashes
 * (`%2f`, `%5c`), NUL and other control characters, `.`/`..` segments, empty segments,
 * and targets longer than MAX_TARGET_LENGTH. Segments starting with '.' (`.docgen/`,
 * `.env`) are never served: they answer 404 as if absent.
 */
export const MAX_TARGET_LENGTH = 2048;

export type ParsedTarget =
  | { ok: true; pathname: string; search: string }
  | { ok: false; status: 400 | 404 };

/** Parsed paths, by their raw form: the same few paths come again and again. */
const parsedPaths = new BoundedMemo<string, ParsedTarget>(4096);

export function parseTarget(rawTarget: string | undefined): ParsedTarget {
  if (!rawTarget || rawTarget.length > MAX_TARGET_LENGTH || !rawTarget.startsWith('/')) return bad();
  const q = rawTarget.indexOf('?');
  const rawPath = q === -1 ? rawTarget : rawTarget.slice(0, q);
  const parsed = parsedPaths.get(rawPath) ?? parsedPaths.set(rawPath, parsePath(rawPath));
  // Shared between requests: never changed, only copied with this request's query.
  return q === -1 || !parsed.ok ? parsed : { ok: true, pathname: parsed.pathname, search: rawTarget.slice(q) };
}

function parsePath(rawPath: string): ParsedTarget {
  if (/%2f|%5c|%00/i.test(rawPath)) return bad();
  let pathname: string;
  try {
    pathname = decodeURIComponent(rawPath);
  } catch {
    return bad();
  }
  // Control characters (NUL included) and backslashes have no business in a URL path here.
  if (/[\u0000-\u001f\u007f\\]/.test(pathname)) return bad();
  const segments = pathname.split('/').slice(1);
  for (let i = 0; i < segments.length; i++) {
    const s = segments[i];
    const last = i === segments.length - 1;
    if (s === '.' || s === '..') return bad();
    if (s === '' && !last) return bad();
    if (s.startsWith('.')) return { ok: false, status: 404 };
  }
  return { ok: true, pathname, search: '' };
}

function bad(): ParsedTarget {
  return { ok: false, status: 400 };
}

/** Path relative to the build folder ('' for the root), given a pathname inside baseUrl. */
export function stripBase(pathname: string, baseUrl: string): string | null {
  if (!pathname.startsWith(baseUrl)) return null;
  return pathname.slice(baseUrl.length);
}

/**
 * Whether a request without a session should see the login shell (a navigation) rather
 * than a bare 401 (a script, image or data fetch). `docgen dev` uses the same rule.
 */
export function isPageRequest(req: IncomingMessage, rel: string): boolean {
  const last = rel.slice(rel.lastIndexOf('/') + 1);
  if (!last.includes('.') || /\.html?$/i.test(last)) return true;
  const dest = req.headers['sec-fetch-dest'];
  if (dest !== undefined) return dest === 'document';
  return /\btext\/html\b/.test(req.headers.accept ?? '');
}
