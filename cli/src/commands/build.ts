import { buildSite } from '../build/build-site.js';
import { isUserError, userMessage } from '../errors.js';
import { createLogger, green } from '../utils/logger.js';
import { formatMs } from '../utils/task.js';
import { boundHeapGrowth, tierUpLater } from '../utils/v8-flags.js';

/** `docgen build`: exit 0 on success, 1 on a user mistake (printed without a stack trace). */
export async function runBuild(opts: { siteDir: string; outDir: string; strictLinks: boolean; cache?: boolean; failOnStale?: boolean; locale?: string }): Promise<number> {
  tierUpLater();
  boundHeapGrowth();
  const logger = createLogger();
  const start = performance.now();
  try {
    const s = await buildSite({ ...opts, logger });
    logger.info(
      `${green('Built')} ${s.routes} routes (${s.docs} docs, ${s.pages} pages) and ${s.redirects} redirect${s.redirects === 1 ? '' : 's'} in ${formatMs(performance.now() - start)}, ` +
        `${s.warnings} warning${s.warnings === 1 ? '' : 's'} → ${s.outDir}`,
    );
    return 0;
  } catch (error) {
    if (isUserError(error)) {
      logger.error(userMessage(error));
      logger.error('Build failed; the previous output was left as it was.');
      return 1;
    }
    throw error;
  }
}
