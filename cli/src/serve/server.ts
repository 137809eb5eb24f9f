import { access } from 'node:fs/promises';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { performance } from 'node:perf_hooks';
import path from 'node:path';
import { DocgenError } from '../errors.js';
import { bufferedStdout, logLine, type LogWriter } from './access-log.js';
import { createHandler } from './handler.js';
import { JwksCache } from './jwks.js';
import { MANIFEST_PATH, type ServeManifest } from './manifest.js';
import { RateLimiter } from './rate-limit.js';
import { clientAddress, requestScheme } from './request-origin.js';
import { ServeResponse } from './response.js';
import { SIGN_IN_FAILURES_PER_MINUTE, SIGN_IN_FAILURES_PER_MINUTE_PER_PEER } from './session-endpoint.js';
import { sessionKey } from './session-cookie.js';
import { FileCache, openBuildFolder } from './static-files.js';
import type { ServeSettings } from './settings.js';

export interface StartOptions {
  buildDir: string;
  manifest: ServeManifest;
  settings: ServeSettings;
  port: number;
  host: string;
  /** Where access-log lines go (stdout by default). */
  accessLog?: LogWriter;
}

export interface RunningServer {
  url: string;
  /** Stops accepting, lets requests in flight finish (up to DRAIN_LIMIT_MS), then closes. */
  close(): Promise<void>;
}

/** Cloud Run gives a stopping container 10 s after SIGTERM: in-flight requests get that long. */
export const DRAIN_LIMIT_MS = 10_000;

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
  const hosts = { siteUrl: settings.siteUrl, production: settings.production, trustProxy: settings.trustProxy, proxyHops: settings.proxyHops, aliases: settings.aliases };
  const secrets = settings.previousSecret ? [settings.sessionSecret, settings.previousSecret] : [settings.sessionSecret];
  const handler = createHandler({
    files: new FileCache(build, path.join(build.root, MANIFEST_PATH)),
    manifest,
    hosts,
    sessionLimit: new RateLimiter(SIGN_IN_FAILURES_PER_MINUTE, 60_000),
    peerLimit: new RateLimiter(SIGN_IN_FAILURES_PER_MINUTE_PER_PEER, 60_000),
    // With no gate configured these are never used; the placeholders keep the types simple.
    sessionKey: sessionKey(secrets, auth?.firebase.projectId ?? '', auth?.allowedDomain ?? ''),
    tokenPolicy: {
      projectId: auth?.firebase.projectId ?? '',
      allowedDomain: auth?.allowedDomain ?? '',
      acceptUnsigned: settings.emulator,
      getKey: jwks.getKey,
    },
  });
  const stdoutLog = opts.accessLog ? null : bufferedStdout();
  const write = opts.accessLog ?? stdoutLog!.write;
  let draining = false;
  const active = new Set<ServeResponse>();
  // One listener for every response (not a closure per request): its log line, and it is no
  // longer in flight.
  function onClose(this: ServeResponse) {
    active.delete(this);
    write(logLine(this.req, this, clientAddress(this.req, hosts)));
  }

  const server = createServer({ maxHeaderSize: 16 * 1024, requestTimeout: 30_000, headersTimeout: 20_000, ServerResponse: ServeResponse }, (req, res) => {
    res.startedAt = performance.now();
    res.https = requestScheme(req, hosts) === 'https';
    // While draining, each answer closes its connection: keep-alive clients reconnect elsewhere.
    if (draining) res.shouldKeepAlive = false;
    active.add(res);
    res.on('close', onClose);
    handler(req, res);
  });
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
  return {
    url: `http://${hostForUrl}:${port}${manifest.baseUrl}`,
    close: () => {
      draining = true;
      // Answers not started yet close their connection too, so none is left idle to be cut
      // under a request the client is just sending.
      for (const res of active) if (!res.headersSent) res.shouldKeepAlive = false;
      return closeServer(server).then(() => stdoutLog?.flush());
    },
  };
}

function closeServer(server: Server<typeof IncomingMessage, typeof ServeResponse>): Promise<void> {
  return new Promise((resolve) => {
    // close() stops accepting and resolves once every connection has ended; idle keep-alive
    // connections can go at once, busy ones after their response (sent with Connection: close).
    server.close(() => resolve());
    server.closeIdleConnections();
    const idle = setInterval(() => server.closeIdleConnections(), 100);
    idle.unref();
    setTimeout(() => server.closeAllConnections(), DRAIN_LIMIT_MS).unref();
    server.once('close', () => clearInterval(idle));
  });
}
