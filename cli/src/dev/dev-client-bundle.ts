import { build } from 'esbuild';
import path from 'node:path';
import { engineDir } from '../bundle/virtual-modules.js';

/** Dev-only endpoints live at the origin's root whatever the baseUrl: the dev server owns the origin. */
export const DEV_CLIENT_PATH = '/__docgen/dev/client.js';
export const DEV_EVENTS_PATH = '/__docgen/dev/events';

/**
 * The dev client (live updates, error overlay), bundled from its TypeScript source beside
 * this file once per start. It does not depend on the site, so it works even when the
 * site's config is broken and nothing else can be built.
 */
export async function bundleDevClient(): Promise<string> {
  const result = await build({
    entryPoints: [path.join(engineDir(), 'src', 'dev', 'client', 'index.ts')],
    bundle: true,
    write: false,
    format: 'esm',
    platform: 'browser',
    target: 'es2020',
    logLevel: 'silent',
    define: { DOCGEN_EVENTS_PATH: JSON.stringify(DEV_EVENTS_PATH) },
  });
  return result.outputFiles[0].text;
}
