import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { BuildOptions } from 'esbuild';
import { AggregateDocgenError } from '../errors.js';
import { runBundle } from './run.js';
import { inputFiles } from './options.js';
import { readConfigCode, writeConfigCode } from './config-cache.js';

/**
 * A config file (site.config.ts, docusaurus.config.*) as one ES module for node: its own
 * imports bundled; `extra` adds what the caller resolves differently (packages, plugins).
 * A compile error names the file.
 */
export async function bundleConfigFile(file: string, extra: BuildOptions, context: { siteDir?: string; workingDir?: string } = {}): Promise<{ code: string; inputs: string[] }> {
  try {
    const out = await runBundle({ entryPoints: [file], bundle: true, write: false, platform: 'node', format: 'esm', target: 'node20', logLevel: 'silent', ...extra }, context);
    return { code: out.outputFiles[0].text, inputs: inputFiles(out.metafile, extra.absWorkingDir ?? process.cwd()) };
  } catch (error) {
    if (!(error instanceof AggregateDocgenError)) throw error;
    throw new AggregateDocgenError(`${path.basename(file)} could not be compiled:`, error.errors, { cause: error });
  }
}

/**
 * site.config.ts: packages left to node (resolved from the site's folder by whoever imports
 * the result), and `docgen` itself served here, so `import { defineConfig } from 'docgen'`
 * works from any folder, installed or not. Reused from the last run when none of its files
 * changed (config-cache.ts).
 */
export async function bundleConfigModule(file: string): Promise<string> {
  const kept = readConfigCode(file);
  if (kept !== null) return kept;
  const { code, inputs } = await bundleConfigFile(file, {
    packages: 'external',
    plugins: [{
      name: 'docgen-self',
      setup(b) {
        b.onResolve({ filter: /^docgen$/ }, () => ({ path: 'docgen', namespace: 'docgen-self' }));
        b.onLoad({ filter: /.*/, namespace: 'docgen-self' }, () => ({ contents: 'export const defineConfig = (c) => c;', loader: 'js' }));
      },
    }],
  });
  writeConfigCode(file, code, inputs);
  return code;
}

/**
 * Imports a bundled config module. It is written inside the site (its .docgen/config folder),
 * so the config's package imports resolve from the site's node_modules as they would beside
 * the config file, and removed once imported.
 */
export async function importInSite(configFile: string, code: string): Promise<Record<string, unknown>> {
  const dir = path.join(path.dirname(configFile), '.docgen', 'config');
  mkdirSync(dir, { recursive: true });
  const tmp = path.join(dir, `${path.basename(configFile).replace(/\.[^.]+$/, '')}-${process.pid}-${Date.now()}-${Math.random().toString(36).slice(2)}.mjs`);
  writeFileSync(tmp, code);
  try {
    return await import(pathToFileURL(tmp).href);
  } finally {
    rmSync(tmp, { force: true });
  }
}
