import { setFlagsFromString } from 'node:v8';
import { startDevServer } from '../dev/dev-server.js';
import { isUserError } from '../errors.js';
import { createLogger } from '../utils/logger.js';
import { portProblem, stopSignal } from '../utils/process.js';

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

/**
 * V8 optimises a function once it has run a set amount of bytecode (its interrupt budget).
 * Dev's work comes in short bursts (a save every few seconds) over code that sees new node
 * shapes at each burst: at the default budget the first dozens of saves spent about a third
 * of their CPU on optimising and deoptimising the MDX toolchain and React.
 * Four times the budget tiers only what stays hot. Process-wide, so the compile worker (started
 * later) has it too; set before any of dev's own work runs.
 */
export function tierUpLater(): void {
  setFlagsFromString(`--interrupt-budget=${DEV_INTERRUPT_BUDGET}`);
}

/** V8's default is 66 KB of bytecode (`node --v8-options`). */
export const DEV_INTERRUPT_BUDGET = 256 * 1024;
