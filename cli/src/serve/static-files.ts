import { createReadStream } from 'node:fs';
import { realpath } from 'node:fs/promises';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { pipeline } from 'node:stream/promises';
import { isScript } from './content-type.js';
import { BoundedMemo } from './memo.js';
import type { FileEntry } from './file-cache.js';
import type { ServeAuth } from './manifest.js';
import { RESOURCE_CSP, pageCsp, securedHeaderList } from './security-headers.js';

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

const IDENTITY = 0;
const BR = 1;
const GZIP = 2;
const NOT_MODIFIED = 3;
type Variant = typeof IDENTITY | typeof BR | typeof GZIP | typeof NOT_MODIFIED;

/**
 * Sends a file: HTML gets a CSP naming the hashes of its inline scripts; a 200 carries an
 * ETag and answers a matching If-None-Match with 304 (callers send protected files only to a
 * valid session, so a 304 is never an answer to a request without one); a precompressed
 * variant goes to a client that accepts it. `opts` should be one object per way of sending
 * (not one per request): the whole header list is computed once per file and `opts`.
 * Over `https` (as a trusted proxy says) the list has HSTS.
 */
export function sendFile(req: IncomingMessage, res: ServerResponse, entry: FileEntry, opts: SendFileOptions, https = false): Promise<void> | undefined {
  const notModified = opts.status === 200 && etagMatches(req.headers['if-none-match'], entry.etag);
  const variant: Variant = notModified ? NOT_MODIFIED : entry.body ? pickVariant(req.headers['accept-encoding'], entry) : IDENTITY;
  res.writeHead(notModified ? 304 : opts.status, headerList(entry, opts, variant, https));
  const body = variant === BR ? entry.br! : variant === GZIP ? entry.gzip! : entry.body;
  (res as { bodyBytes?: number }).bodyBytes = notModified ? 0 : body?.length ?? entry.size;
  if (notModified || req.method === 'HEAD') {
    res.end();
    return undefined;
  }
  if (body) {
    res.end(body);
    return undefined;
  }
  return pipeline(createReadStream(entry.file), res);
}

function headerList(entry: FileEntry, opts: SendFileOptions, variant: Variant, https: boolean): string[] {
  entry.headerLists ??= new Map();
  let lists = entry.headerLists.get(opts);
  if (!lists) entry.headerLists.set(opts, (lists = []));
  const i = variant * 2 + (https ? 1 : 0);
  return (lists[i] ??= buildHeaderList(entry, opts, variant, https));
}

function buildHeaderList(entry: FileEntry, opts: SendFileOptions, variant: Variant, https: boolean): string[] {
  const headers = ['Content-Type', entry.type, 'Cache-Control', opts.cacheControl];
  const vary: string[] = [];
  // The same URL is the page or the login shell depending on the session cookie.
  if (opts.auth) vary.push('Cookie');
  if (entry.br || entry.gzip) vary.push('Accept-Encoding');
  if (vary.length) headers.push('Vary', vary.join(', '));
  if (opts.status === 200) headers.push('ETag', entry.etag);
  if (variant === BR) headers.push('Content-Encoding', 'br', 'Content-Length', String(entry.br!.length));
  else if (variant === GZIP) headers.push('Content-Encoding', 'gzip', 'Content-Length', String(entry.gzip!.length));
  else if (variant === IDENTITY) headers.push('Content-Length', String(entry.size));
  // A script may start a worker, whose CSP comes from its own response: give it the page's.
  const csp = entry.type.startsWith('text/html') || isScript(entry.file) ? (entry.csp ??= pageCsp(opts.auth, entry.scriptHashes)) : RESOURCE_CSP;
  return securedHeaderList(headers, csp, https);
}

function pickVariant(header: string | undefined, entry: FileEntry): Variant {
  const encoding = pickEncoding(header, entry);
  return encoding === 'br' ? BR : encoding === 'gzip' ? GZIP : IDENTITY;
}

/** If-None-Match: a list of tags or `*`; weak comparison, as RFC 9110 asks for GET. */
export function etagMatches(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  if (header.trim() === '*') return true;
  const bare = etag.replace(/^W\//, '');
  return header.split(',').some((t) => t.trim().replace(/^W\//, '') === bare);
}

const ACCEPTS_BR = 1;
const ACCEPTS_GZIP = 2;
/** Accept-Encoding values, parsed once: browsers send a handful of them. */
const acceptedEncodings = new BoundedMemo<string, number>(256);

/** br, else gzip, else identity, honouring `;q=0` refusals. */
export function pickEncoding(header: string | undefined, entry: Pick<FileEntry, 'br' | 'gzip'>): 'br' | 'gzip' | null {
  if (!header || (!entry.br && !entry.gzip)) return null;
  const accepted = acceptedEncodings.get(header) ?? acceptedEncodings.set(header, parseAcceptEncoding(header));
  if (entry.br && accepted & ACCEPTS_BR) return 'br';
  if (entry.gzip && accepted & ACCEPTS_GZIP) return 'gzip';
  return null;
}

function parseAcceptEncoding(header: string): number {
  let accepted = 0;
  for (const part of header.toLowerCase().split(',')) {
    const [name, ...params] = part.trim().split(';');
    const q = params.map((p) => /^\s*q\s*=\s*([\d.]+)\s*$/.exec(p)?.[1]).find((v) => v !== undefined);
    if (q !== undefined && !(Number(q) > 0)) continue;
    const coding = name.trim();
    if (coding === 'br') accepted |= ACCEPTS_BR;
    else if (coding === 'gzip' || coding === 'x-gzip') accepted |= ACCEPTS_GZIP;
  }
  return accepted;
}
