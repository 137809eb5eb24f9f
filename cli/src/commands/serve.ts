import { existsSync } from 'node:fs';
import path from 'node:path';
import { isUserError } from '../errors.js';
import { readManifest, resolveSettings, startServer } from '../serve/index.js';
import { portProblem, stopSignal } from '../utils/process.js';

export interface ServeOptions {
  siteDir: string;
  dir: string;
  /** --port; when not given, PORT (as Cloud Run sets it), else 3000. */
  port: number | undefined;
  host: string;
  /** --trust-proxy [hops]: false, true (one proxy) or the number of proxies in front. */
  trustProxy: boolean | number;
  public: boolean;
}

/**
 * `docgen serve [siteDir] --dir --port --host --trust-proxy --public`: serves a build until
 * SIGINT/SIGTERM, then lets requests in flight finish and exits 0.
 * Prints `docgen serve: listening on <url>` once ready (tests read that line); every request
 * is one JSON line on stdout (access-log.ts).
 */
export async function runServe(opts: ServeOptions): Promise<number> {
  const siteDir = path.resolve(opts.siteDir);
  const envFile = path.join(siteDir, '.env');
  // Same as `docgen build`: the real environment wins over .env.
  if (existsSync(envFile)) process.loadEnvFile(envFile);
  const port = opts.port ?? (process.env.PORT ? Number(process.env.PORT) : 3000);
  const badPort = portProblem('serve', port);
  if (badPort) {
    console.error(badPort);
    return 1;
  }
  const buildDir = path.resolve(siteDir, opts.dir);
  try {
    const manifest = await readManifest(buildDir);
    const resolved = resolveSettings(process.env, manifest, opts.host, { trustProxy: opts.trustProxy, public: opts.public });
    if (!resolved.ok) {
      for (const e of resolved.errors) console.error(`docgen serve: ${e}`);
      return 1;
    }
    for (const w of resolved.warnings) console.warn(`docgen serve: WARNING: ${w}`);
    const server = await startServer({ buildDir, manifest, settings: resolved.settings, port, host: opts.host });
    console.log(`docgen serve: listening on ${server.url} (build: ${buildDir})`);
    const signal = await stopSignal();
    console.log(`docgen serve: ${signal}, finishing requests in flight`);
    await server.close();
    console.log('docgen serve: closed');
    return 0;
  } catch (err) {
    // A missing build, a bad manifest, a port in use: one line, no stack. Anything else is a
    // docgen bug: its stack is what a report needs.
    const code = (err as NodeJS.ErrnoException).code;
    if (isUserError(err) || code === 'EADDRINUSE' || code === 'EACCES' || code === 'EADDRNOTAVAIL') console.error(`docgen serve: ${(err as Error).message}`);
    else console.error(`docgen serve: internal error (a bug in docgen):`, err);
    return 1;
  }
}
