import { createReadStream } from 'node:fs';
import { readFile, realpath, stat } from 'node:fs/promises';
import type { IncomingMessage, ServerResponse } from 'node:http';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { contentTypeOf, isScript } from './content-type.js';
import type { ServeAuth } from './manifest.js';
import { inlineScriptHashes, pageCsp } from './security-headers.js';

/**
 * Files of the build folder. Paths arrive already checked by parseTarget (no '..', no
 * dot segments); the containment checks here are the second line of defence, and the
 * realpath check keeps a symlink from leading out of the folder.
 */
export interface BuildFolder {
  /** Absolute, symlinks resolved. */
  root: string;
}

export async function openBuildFolder(dir: string): Promise<BuildFolder> {
  return { root: await realpath(dir) };
}

/**
 * The file a request path (relative to baseUrl, '' for the home page) names: the file
 * itself, else `<path>/index.html`, else `<path>.html`. Null when none exists.
 */
export async function findFile(build: BuildFolder, rel: string): Promise<string | null> {
  const candidates = rel === '' ? ['index.html'] : [rel, `${rel}/index.html`, `${rel}.html`];
  for (const candidate of candidates) {
    const full = path.join(build.root, ...candidate.split('/'));
    if (!isInside(build.root, full)) return null;
    const info = await stat(full).catch(() => null);
    if (!info?.isFile()) continue;
    const real = await realpath(full);
    return isInside(build.root, real) && !hasDotSegment(path.relative(build.root, real)) ? real : null;
  }
  return null;
}

function isInside(root: string, file: string): boolean {
  return file.startsWith(root + path.sep);
}

function hasDotSegment(relative: string): boolean {
  return relative.split(path.sep).some((s) => s.startsWith('.'));
}

export interface SendFileOptions {
  status: number;
  cacheControl: string;
  /** The site's auth settings, for the CSP of pages and scripts. */
  auth: ServeAuth | null;
}

/** Sends a file; HTML gets a CSP naming the hashes of its inline scripts. */
export async function sendFile(req: IncomingMessage, res: ServerResponse, file: string, opts: SendFileOptions): Promise<void> {
  const type = contentTypeOf(file);
  res.statusCode = opts.status;
  res.setHeader('Content-Type', type);
  res.setHeader('Cache-Control', opts.cacheControl);
  // The same URL is the page or the login shell depending on the session cookie.
  if (opts.auth) res.setHeader('Vary', 'Cookie');
  const head = req.method === 'HEAD';
  if (type.startsWith('text/html')) {
    const html = await readFile(file);
    res.setHeader('Content-Security-Policy', pageCsp(opts.auth, inlineScriptHashes(html.toString('utf8'))));
    res.setHeader('Content-Length', html.length);
    res.end(head ? undefined : html);
    return;
  }
  // A script may start a worker, whose CSP comes from its own response: give it the page's.
  if (isScript(file)) res.setHeader('Content-Security-Policy', pageCsp(opts.auth, []));
  const info = await stat(file);
  res.setHeader('Content-Length', info.size);
  if (head) {
    res.end();
    return;
  }
  await pipeline(createReadStream(file), res);
}
