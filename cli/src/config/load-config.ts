import { build, type Message } from 'esbuild';
import { existsSync, readFileSync, rmSync, writeFileSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { parseEnv } from 'node:util';
import { AggregateDocgenError, ConfigError, ContentError, DocgenError } from '../errors.js';
import { issuesToConfigErrors } from './error-map.js';
import { checkConfigRules } from './post-process.js';
import { SiteConfigSchema, type SiteConfig } from './schema.js';

export const CONFIG_FILE = 'site.config.ts';

/**
 * Loads `.env` (without overriding the real environment), bundles site.config.ts with
 * esbuild, imports it and validates it. Every problem is reported at once.
 */
export async function loadConfig(siteDir: string): Promise<SiteConfig> {
  loadDotEnv(siteDir);
  const file = path.join(siteDir, CONFIG_FILE);
  if (!existsSync(file)) {
    throw new DocgenError(`No ${CONFIG_FILE} in ${siteDir}. Create one that exports defineConfig({...}) from 'docgen'.`);
  }
  const raw = await importConfigModule(file);
  return validateConfig(raw);
}

export function validateConfig(raw: unknown): SiteConfig {
  const result = SiteConfigSchema.safeParse(raw, { reportInput: true });
  const errors = result.success ? checkConfigRules(result.data) : issuesToConfigErrors(result.error.issues);
  if (errors.length > 0) {
    throw new AggregateDocgenError(`Invalid ${CONFIG_FILE} (${errors.length} problem${errors.length > 1 ? 's' : ''}):`, errors);
  }
  return result.data!;
}

function loadDotEnv(siteDir: string) {
  const envFile = path.join(siteDir, '.env');
  if (!existsSync(envFile)) return;
  for (const [key, value] of Object.entries(parseEnv(readFileSync(envFile, 'utf8')))) {
    if (process.env[key] === undefined) process.env[key] = value;
  }
}

async function importConfigModule(file: string): Promise<unknown> {
  let code: string;
  try {
    const out = await build({
      entryPoints: [file],
      bundle: true,
      write: false,
      platform: 'node',
      format: 'esm',
      target: 'node20',
      logLevel: 'silent',
      packages: 'external',
      // `import { defineConfig } from 'docgen'` works from any folder, installed or not.
      plugins: [{
        name: 'docgen-self',
        setup(b) {
          b.onResolve({ filter: /^docgen$/ }, () => ({ path: 'docgen', namespace: 'docgen-self' }));
          b.onLoad({ filter: /.*/, namespace: 'docgen-self' }, () => ({ contents: 'export const defineConfig = (c) => c;', loader: 'js' }));
        },
      }],
    });
    code = out.outputFiles[0].text;
  } catch (error) {
    const messages = (error as { errors?: Message[] }).errors ?? [];
    throw new AggregateDocgenError(`${CONFIG_FILE} could not be compiled:`, messages.map(messageToError));
  }
  // Written beside the config so its own imports resolve from the site's node_modules.
  const dir = mkdtempSync(path.join(tmpdir(), 'docgen-config-'));
  const tmp = path.join(dir, 'site.config.mjs');
  writeFileSync(tmp, code);
  try {
    const mod = await import(pathToFileURL(tmp).href);
    return mod.default;
  } catch (error) {
    throw new ConfigError('', `${CONFIG_FILE} threw while loading: ${(error as Error).message}`);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

function messageToError(m: Message): ContentError {
  return new ContentError(
    { file: m.location?.file ?? CONFIG_FILE, line: m.location?.line, column: (m.location?.column ?? 0) + 1 },
    m.text,
  );
}
