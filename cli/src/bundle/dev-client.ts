import path from 'node:path';
import { runBundle } from './run.js';
import { engineDir } from './virtual-modules.js';

/**
 * The dev client (live updates, error overlay: cli/src/dev/client), bundled from its
 * TypeScript source once per `docgen dev` start. It does not depend on the site, so it works
 * even when the site's config is broken and nothing else can be built.
 */
export async function bundleDevClient(eventsPath: string): Promise<string> {
  const result = await runBundle({
    entryPoints: [path.join(engineDir(), 'src', 'dev', 'client', 'index.ts')],
    bundle: true,
    write: false,
    format: 'esm',
    platform: 'browser',
    target: 'es2020',
    logLevel: 'silent',
    define: { DOCGEN_EVENTS_PATH: JSON.stringify(eventsPath) },
  });
  return result.outputFiles[0].text;
}
