import { access } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { DocgenError } from '../errors.js';
import { createHandler } from './handler.js';
import { JwksCache } from './jwks.js';
import type { ServeManifest } from './manifest.js';
import { sessionKey } from './session-cookie.js';
import { openBuildFolder } from './static-files.js';
import type { ServeSettings } from './settings.js';

export interface StartOptions {
  buildDir: string;
  manifest: ServeManifest;
  settings: ServeSettings;
  port: number;
  host: string;
}

export interface RunningServer {
  url: string;
  close(): Promise<void>;
}

export async function startServer(opts: StartOptions): Promise<RunningServer> {
  const { manifest, settings } = opts;
  const build = await openBuildFolder(opts.buildDir);
  if (manifest.auth) {
    const shell = path.join(build.root, manifest.loginShell);
    await access(shell).catch(() => {
      throw new DocgenError(`the build has no login shell (${shell}). Rebuild the site.`);
    });
  }
  const auth = manifest.auth;
  const jwks = new JwksCache(settings.jwksUrl);
  const handler = createHandler({
    build,
    manifest,
    production: settings.production,
    // With no gate configured these are never used; the placeholders keep the types simple.
    sessionKey: sessionKey(settings.sessionSecret, auth?.firebase.projectId ?? '', auth?.allowedDomain ?? ''),
    tokenPolicy: {
      projectId: auth?.firebase.projectId ?? '',
      allowedDomain: auth?.allowedDomain ?? '',
      acceptUnsigned: settings.emulator,
      getKey: jwks.getKey,
    },
  });

  const server = createServer({ maxHeaderSize: 16 * 1024, requestTimeout: 30_000, headersTimeout: 20_000 }, handler);
  // Node answers an oversized request head with 431 and no headers of ours; say 400 like
  // every other refused target, and close.
  server.on('clientError', (_err, socket) => {
    if (socket.writable) socket.end('HTTP/1.1 400 Bad Request\r\nConnection: close\r\nContent-Length: 0\r\n\r\n');
    else socket.destroy();
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(opts.port, opts.host, () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  const hostForUrl = opts.host.includes(':') ? `[${opts.host}]` : opts.host;
  return { url: `http://${hostForUrl}:${port}${manifest.baseUrl}`, close: () => closeServer(server) };
}

function closeServer(server: Server): Promise<void> {
  return new Promise((resolve) => {
    server.close(() => resolve());
    // Keep-alive connections would hold close() open; idle ones can go at once.
    server.closeIdleConnections();
    setTimeout(() => server.closeAllConnections(), 2_000).unref();
  });
}
