import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { parseEnv } from 'node:util';
import { bundleConfigModule, importInSite } from '../bundle/config-module.js';
import { AggregateDocgenError, ConfigError, DocgenError } from '../errors.js';
import { friendlyParse } from '../utils/friendly-parse.js';
import { toConfigErrors } from './error-map.js';
import { checkConfigRules } from './post-process.js';
import { SiteConfigSchema, type SiteConfig } from './schema.js';

export const CONFIG_FILE = 'site.config.ts';
/** Read when a site has no site.config.ts, in this order (Docusaurus's own). */
export const DOCUSAURUS_CONFIG_FILES = ['docusaurus.config.ts', 'docusaurus.config.mts', 'docusaurus.config.mjs', 'docusaurus.config.js', 'docusaurus.config.cjs'];

/** The config file docgen reads in a site folder: site.config.ts, else a docusaurus.config.*. */
/** The site's config file name, for messages that tell where to fix something. */
export function configFileName(siteDir: string): string {
  return path.basename(findConfigFile(siteDir)?.file ?? CONFIG_FILE);
}

export function findConfigFile(siteDir: string): { file: string; kind: 'docgen' | 'docusaurus' } | null {
  const own = path.join(siteDir, CONFIG_FILE);
  if (existsSync(own)) return { file: own, kind: 'docgen' };
  const d = DOCUSAURUS_CONFIG_FILES.map((f) => path.join(siteDir, f)).find((f) => existsSync(f));
  return d ? { file: d, kind: 'docusaurus' } : null;
}

/**
 * The files whose change means the site must be opened again (dev reloads the browser):
 * the config file, .env, and what a Docusaurus site keeps beside its config (sidebars
 * files, versions.json, the custom stylesheets). Every candidate name is listed, so a
 * config file created later is seen too.
 */
export function siteConfigFiles(siteDir: string, config?: SiteConfig): string[] {
  const files = [CONFIG_FILE, ...DOCUSAURUS_CONFIG_FILES, '.env', 'versions.json', 'sidebars.js', 'sidebars.ts', 'sidebars.json', 'sidebars.mjs', 'sidebars.cjs'].map((f) => path.join(siteDir, f));
  if (config?.docs.sidebarPath) files.push(path.resolve(siteDir, config.docs.sidebarPath));
  // Each extra docs instance's sidebars file and versions list (Docusaurus's `<id>_versions.json`).
  for (const inst of config?.docsInstances ?? []) {
    files.push(path.join(siteDir, `${inst.id}_versions.json`));
    if (inst.sidebarPath) files.push(path.resolve(siteDir, inst.sidebarPath));
  }
  for (const css of config?.customCss ?? []) files.push(path.resolve(siteDir, css));
  return [...new Set(files)];
}

/**
 * Loads `.env` (without overriding the real environment), bundles site.config.ts with
 * esbuild, imports it and validates it. Every problem is reported at once.
 */
export async function loadConfig(siteDir: string, onWarning: (message: string) => void = () => undefined): Promise<SiteConfig> {
  loadDotEnv(siteDir);
  const found = findConfigFile(siteDir);
  if (!found) {
    throw new DocgenError(`No ${CONFIG_FILE} (or docusaurus.config.js) in ${path.resolve(siteDir)}. Run \`docgen init\` there, or create a ${CONFIG_FILE} that exports defineConfig({...}) from 'docgen'.`);
  }
  if (found.kind === 'docusaurus') return loadDocusaurusSite(siteDir, found.file, onWarning);
  const { raw, code } = await importConfigModule(found.file);
  const config = validateConfig(raw, onWarning);
  sourceHashes.set(config, createHash('sha256').update(code).digest('hex'));
  return config;
}

/** A Docusaurus site root: its config evaluated, mapped to docgen's, and validated like one. */
async function loadDocusaurusSite(siteDir: string, file: string, onWarning: (message: string) => void): Promise<SiteConfig> {
  const { evaluateDocusaurusConfig } = await import('./docusaurus/evaluate.js');
  const { mapDocusaurusConfig } = await import('./docusaurus/map-config.js');
  const { config: raw, missing, code } = await evaluateDocusaurusConfig(file);
  let mapping: ReturnType<typeof mapDocusaurusConfig>;
  try {
    mapping = mapDocusaurusConfig(raw, { siteDir, configFile: file, missing });
  } catch (error) {
    // A mapping mistake names its place in the Docusaurus config: say which file that is.
    if (error instanceof ConfigError) throw new AggregateDocgenError(`Invalid ${path.basename(file)}:`, [error]);
    throw error;
  }
  const { config: mapped, warnings } = mapping;
  for (const w of warnings) onWarning(w);
  const config = validateConfig(mapped, onWarning, `${path.basename(file)} (as docgen reads it)`);
  sourceHashes.set(config, createHash('sha256').update(code).digest('hex'));
  return config;
}

const sourceHashes = new WeakMap<SiteConfig, string>();
/**
 * Hash of the config's compiled code (its local imports, such as a site's own remark plugin,
 * bundled in): what compiled pages depend on besides the config's data.
 */
export const configSourceHash = (config: SiteConfig): string => sourceHashes.get(config) ?? '';

/**
 * Every problem of one config at once: the schema's, and the rules that span fields (checked
 * on the raw input too when the schema failed, so fixing one round does not reveal the next).
 * Keys the schema does not know are warnings naming the closest known key.
 */
export function validateConfig(raw: unknown, onWarning: (message: string) => void = () => undefined, fileLabel = CONFIG_FILE): SiteConfig {
  const result = friendlyParse(SiteConfigSchema, raw);
  for (const u of result.unknownKeys) onWarning(`${fileLabel}: ${u.path}: ${u.message}`);
  const errors = result.ok ? checkConfigRules(result.data) : [...toConfigErrors(result.issues), ...rulesOnRawInput(raw)];
  if (errors.length > 0) {
    throw new AggregateDocgenError(`Invalid ${fileLabel} (${errors.length} problem${errors.length > 1 ? 's' : ''}):`, errors);
  }
  return (result as { data: SiteConfig }).data;
}

/** The cross-field rules on an input the schema rejected: whatever they can check, they report. */
function rulesOnRawInput(raw: unknown): ConfigError[] {
  try {
    // eslint-disable-next-line @typescript-eslint/no-explicit-any -- unvalidated input, read defensively
    const input = raw as any;
    const themeConfig = { ...input.themeConfig, navbar: { items: [], ...input.themeConfig?.navbar }, tableOfContents: { minHeadingLevel: 2, maxHeadingLevel: 3, ...input.themeConfig?.tableOfContents } };
    return checkConfigRules({ ...input, i18n: input.i18n ?? { defaultLocale: 'pt-BR', locales: ['pt-BR'] }, docs: input.docs ?? {}, themeConfig } as SiteConfig);
  } catch {
    return []; // too malformed for the rules to read: the schema's problems stand alone
  }
}

function loadDotEnv(siteDir: string) {
  const envFile = path.join(siteDir, '.env');
  if (!existsSync(envFile)) return;
  for (const [key, value] of Object.entries(parseEnv(readFileSync(envFile, 'utf8')))) {
    if (process.env[key] === undefined) process.env[key] = value;
  }
}

async function importConfigModule(file: string): Promise<{ raw: unknown; code: string }> {
  const code = await bundleConfigModule(file);
  try {
    return { raw: (await importInSite(file, code)).default, code };
  } catch (error) {
    throw new ConfigError('', `${CONFIG_FILE} threw while loading: ${(error as Error).message}`, { cause: error });
  }
}
