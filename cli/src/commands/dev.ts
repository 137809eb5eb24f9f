import { startDevServer } from '../dev/dev-server.js';
import { isUserError } from '../errors.js';
import { createLogger } from '../utils/logger.js';

/**
 * `docgen dev [siteDir] --port --host`: serves the site with live updates until SIGINT or
 * SIGTERM, then closes the watchers and the port and exits 0. Prints `docgen dev ready … → <url>`
 * once it serves (tests and the bench read that line); a busy port is one line and exit 1.
 */
export async function runDev(opts: { siteDir: string; port: number; host: string }): Promise<number> {
  const logger = createLogger();
  if (!Number.isInteger(opts.port) || opts.port < 0 || opts.port > 65535) {
    logger.error(`docgen dev: --port must be a number from 0 to 65535, got ${opts.port}`);
    return 1;
  }
  // Listening from the start: a Ctrl-C while the server is still starting stops it as soon as it can.
  const stopped = stopSignal();
  let server;
  try {
    server = await startDevServer({ ...opts, logger });
  } catch (error) {
    if (!isUserError(error)) throw error;
    logger.error(error.message);
    return 1;
  }
  const signal = await stopped;
  logger.info(`docgen dev: ${signal}, closing`);
  await server.close();
  return 0;
}

function stopSignal(): Promise<NodeJS.Signals> {
  return new Promise((resolve) => {
    const stop = (s: NodeJS.Signals) => {
      process.off('SIGINT', stop);
      process.off('SIGTERM', stop);
      resolve(s);
    };
    process.on('SIGINT', stop);
    process.on('SIGTERM', stop);
  });
}
