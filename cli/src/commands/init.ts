import path from 'node:path';
import { isUserError } from '../errors.js';
import { createLogger, green } from '../utils/logger.js';
import { isEmptyDir, newSiteFiles, writeNewFiles } from '../init/scaffold.js';
import { siteConfigFromDocusaurus } from '../init/from-docusaurus.js';

/**
 * `docgen init [dir]`: a new site (pt-BR, one page, a README with its two commands).
 * `docgen init --from-docusaurus [dir]`: a site.config.ts equivalent to the Docusaurus
 * config found there, which docgen then reads instead.
 */
export async function runInit(opts: { dir: string; fromDocusaurus: boolean; title?: string; version: string }): Promise<number> {
  const logger = createLogger();
  const dir = path.resolve(opts.dir);
  try {
    if (opts.fromDocusaurus) {
      const { source, warnings, notes } = await siteConfigFromDocusaurus(dir);
      for (const w of warnings) logger.warn(w);
      writeNewFiles(dir, { 'site.config.ts': source });
      for (const n of notes) logger.warn(`site.config.ts: ${n}`);
      logger.info(`${green('Wrote')} ${path.join(dir, 'site.config.ts')}: docgen build and docgen dev read it from now on (the Docusaurus config stays as it was).`);
      return 0;
    }
    if (!isEmptyDir(dir)) logger.warn(`${dir} is not empty: only files that do not exist yet are written.`);
    const written = writeNewFiles(dir, newSiteFiles(opts.title ?? (path.basename(dir) || 'Documentação'), opts.version));
    logger.info(`${green('Created')} a docgen site in ${dir}: ${written.join(', ')}`);
    logger.info(`Next: cd ${path.relative(process.cwd(), dir) || '.'} && npm install && npm run dev`);
    return 0;
  } catch (error) {
    if (isUserError(error)) {
      logger.error(error.message);
      return 1;
    }
    throw error;
  }
}
