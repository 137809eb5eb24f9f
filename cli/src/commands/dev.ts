import { startDevServer } from '../dev/dev-server.js';
import { isUserError } from '../errors.js';
import { createLogger } from '../utils/logger.js';
import { portProblem, stopSignal } from '../utils/process.js';
import { tierUpLater } from '../utils/v8-flags.js';

/**
 * `docgen dev [siteDir] --port --host`: serves the site with live updates until SIGINT or
 * SIGTERM, then closes the watchers and the port and exits 0. Prints `docgen dev ready … → <url>`
 * once it serves (tests and the bench read that line); a busy port is one line and exit 1.
 */
export async function runDev(opts: { siteDir: string; port: number; host: string }): Promise<number> {
  tierUpLater();
  const logger = createLogger();
  const badPort = portProblem('dev', opts.port);
  if (badPort) {
    logger.error(badPort);
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
  // A second Ctrl-C, or a close that hangs, must not leave the writer with a stuck terminal.
  const again = () => process.exit(130);
  process.once('SIGINT', again);
  process.once('SIGTERM', again);
  const late = setTimeout(() => {
    logger.warn(`docgen dev: still closing after ${CLOSE_LIMIT_MS / 1000} s; exiting anyway`);
    process.exit(0);
  }, CLOSE_LIMIT_MS);
  late.unref();
  await server.close();
  clearTimeout(late);
  process.off('SIGINT', again);
  process.off('SIGTERM', again);
  return 0;
}

const CLOSE_LIMIT_MS = 5_000;

