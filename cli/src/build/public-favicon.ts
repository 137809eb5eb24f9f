import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { SiteData } from '@docgen/core/types';
import type { SiteConfig } from '../config/schema.js';
import { basePrefix } from '@docgen/core/url';
import { writeOutFile } from '../output/write.js';
import { sitePaths } from '../config/site-paths.js';
import { findStaticFile } from '../content/static-files.js';

/**
 * The site's `favicon` (a file under content/static, as in Docusaurus) is copied into the
 * public login-assets folder under a content-hashed name, and every page links that copy:
 * everything else is protected, so a signed-out browser (the login shell) got a 401 for the
 * icon, and signed in it was fetched with the session on every page. Hashed, so it is cached
 * as immutably as the shell's other assets. A missing file leaves the site without an icon.
 */
export function publishFavicon(opts: { siteDir: string; staging: string; config: SiteConfig; siteData: Map<string, SiteData> }): void {
  const { siteDir, staging, config, siteData } = opts;
  if (!config.favicon) return;
  const base = basePrefix(config.baseUrl);
  const source = findStaticFile(sitePaths(config, siteDir).static, config.favicon.replace(/^\/+/, ''));
  if (!source) return;
  const bytes = readFileSync(source);
  const hash = createHash('sha256').update(bytes).digest('hex').slice(0, 10);
  const rel = `__docgen/login/favicon-${hash}${path.extname(source).toLowerCase()}`;
  writeOutFile(staging, rel, bytes);
  for (const site of siteData.values()) site.favicon = `${base}/${rel}`;
}
