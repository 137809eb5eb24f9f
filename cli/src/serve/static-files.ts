import { createReadStream } from 'node:fs';
import { realpath } from 'node:fs/promises';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { pipeline } from 'node:stream/promises';
import { isScript } from './content-type.js';
import type { FileEntry } from './file-cache.js';
import type { ServeAuth } from './manifest.js';
import { pageCsp } from './security-headers.js';

export { FileCache, type BuildFolder, type FileEntry } from './file-cache.js';

/**
 * Sending the build folder's files. Paths arrive already checked by parseTarget (no '..', no
 * dot segments); the file cache's containment checks are the second line of defence, and its
 * realpath check keeps a symlink from leading out of the folder.
 */
export async function openBuildFolder(dir: string): Promise<{ root: string }> {
  return { root: await realpath(dir) };
}

export interface SendFileOptions {
  status: number;
  cacheControl: string;
  /** The site's auth settings, for the CSP of pages and scripts. */
  auth: ServeAuth | null;
}

/**
 * Sends a file: HTML gets a CSP naming the hashes of its inline scripts; a 200 carries an
 * ETag and answers a matching If-None-Match with 304 (callers send protected files only to a
 * valid session, so a 304 is never an answer to a request without one); a precompressed
 * variant goes to a client that accepts it.
 */
export async function sendFile(req: IncomingMessage, res: ServerResponse, entry: FileEntry, opts: SendFileOptions): Promise<void> {
  res.statusCode = opts.status;
  res.setHeader('Content-Type', entry.type);
  res.setHeader('Cache-Control', opts.cacheControl);
  const vary: string[] = [];
  // The same URL is the page or the login shell depending on the session cookie.
  if (opts.auth) vary.push('Cookie');
  if (entry.br || entry.gzip) vary.push('Accept-Encoding');
  if (vary.length) res.setHeader('Vary', vary.join(', '));
  // A script may start a worker, whose CSP comes from its own response: give it the page's.
  if (entry.type.startsWith('text/html') || isScript(entry.file)) {
    entry.csp ??= pageCsp(opts.auth, entry.scriptHashes);
    res.setHeader('Content-Security-Policy', entry.csp);
  }
  if (opts.status === 200) {
    res.setHeader('ETag', entry.etag);
    if (etagMatches(req.headers['if-none-match'], entry.etag)) {
      res.statusCode = 304;
      res.end();
      return;
    }
  }
  const head = req.method === 'HEAD';
  if (entry.body) {
    const encoding = pickEncoding(req.headers['accept-encoding'], entry);
    const body = encoding === 'br' ? entry.br! : encoding === 'gzip' ? entry.gzip! : entry.body;
    if (encoding) res.setHeader('Content-Encoding', encoding);
    res.setHeader('Content-Length', body.length);
    res.end(head ? undefined : body);
    return;
  }
  res.setHeader('Content-Length', entry.size);
  if (head) {
    res.end();
    return;
  }
  await pipeline(createReadStream(entry.file), res);
}

/** If-None-Match: a list of tags or `*`; weak comparison, as RFC 9110 asks for GET. */
export function etagMatches(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  if (header.trim() === '*') return true;
  const bare = etag.replace(/^W\//, '');
  return header.split(',').some((t) => t.trim().replace(/^W\//, '') === bare);
}

/** br, else gzip, else identity, honouring `;q=0` refusals. */
export function pickEncoding(header: string | undefined, entry: Pick<FileEntry, 'br' | 'gzip'>): 'br' | 'gzip' | null {
  if (!header || (!entry.br && !entry.gzip)) return null;
  const accepted = new Set<string>();
  for (const part of header.toLowerCase().split(',')) {
    const [name, ...params] = part.trim().split(';');
    const q = params.map((p) => /^\s*q\s*=\s*([\d.]+)\s*$/.exec(p)?.[1]).find((v) => v !== undefined);
    if (q === undefined || Number(q) > 0) accepted.add(name.trim());
  }
  if (entry.br && accepted.has('br')) return 'br';
  if (entry.gzip && (accepted.has('gzip') || accepted.has('x-gzip'))) return 'gzip';
  return null;
}
