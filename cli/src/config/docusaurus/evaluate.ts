import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { runBundle } from '../../bundle/run.js';
import { AggregateDocgenError, ConfigError } from '../../errors.js';

/** Marks the stand-in for a package the site has not installed, so the mapper can drop it. */
export const MISSING = Symbol.for('docgen.missingPackage');

/**
 * A value that absorbs any use: property reads, calls, `new`, string conversion. A config
 * such as `themes.github` from a missing `prism-react-renderer` then evaluates instead of
 * throwing, and the mapper recognises what it must leave out.
 */
export function missingPackage(name: string): unknown {
  const target = function missing() {} as unknown as Record<PropertyKey, unknown>;
  const proxy: unknown = new Proxy(target, {
    get(_t, key) {
      if (key === MISSING) return name;
      if (key === 'then') return undefined; // not a promise: `await` must not hang on it
      if (key === Symbol.toPrimitive) return () => '';
      if (key === 'toString' || key === 'valueOf') return () => '';
      if (key === '__esModule') return false;
      return proxy;
    },
    apply: () => proxy,
    construct: () => proxy as object,
    has: () => false,
    ownKeys: () => ['prototype'],
  });
  return proxy;
}

export const missingName = (value: unknown): string | undefined =>
  (typeof value === 'function' || (typeof value === 'object' && value !== null)) ? ((value as Record<PropertyKey, unknown>)[MISSING] as string | undefined) : undefined;

/**
 * Evaluates a docusaurus.config.{js,mjs,cjs,ts} as Docusaurus would: bundled with esbuild
 * (TypeScript, ESM or CommonJS), packages the site has installed imported from its
 * node_modules, packages it has not replaced by stand-ins (listed in `missing`), and an
 * exported (async) function called. `require`, `__dirname` and `import.meta.url` behave as
 * in the file's own folder.
 */
export async function evaluateDocusaurusConfig(file: string): Promise<{ config: Record<string, unknown>; missing: string[]; code: string; required: Map<unknown, string> }> {
  // What each package require() returned, so `docgen init --from-docusaurus` can write the import back.
  const required = new Map<unknown, string>();
  const siteRequire = createRequire(file);
  const missing = new Set<string>();
  let code: string;
  try {
    const out = await runBundle({
      entryPoints: [file],
      bundle: true,
      write: false,
      platform: 'node',
      format: 'esm',
      target: 'node20',
      logLevel: 'silent',
      define: {
        __dirname: JSON.stringify(path.dirname(file)),
        __filename: JSON.stringify(file),
        'import.meta.url': JSON.stringify(pathToFileURL(file).href),
        'import.meta.dirname': JSON.stringify(path.dirname(file)),
      },
      plugins: [{
        name: 'docusaurus-config-packages',
        setup(b) {
          b.onResolve({ filter: /^[^./]/ }, (args) => {
            if (args.path.startsWith('node:') || args.kind === 'entry-point') return undefined;
            const spec = args.path;
            try {
              siteRequire.resolve(spec);
              return { path: spec, external: true };
            } catch {
              // ESM-only packages may have no "require" condition: look for their folder instead.
              if (hasPackageFolder(siteRequire, spec)) return { path: spec, external: true };
              missing.add(packageName(spec));
              return { path: spec, namespace: 'docgen-missing' };
            }
          });
          b.onLoad({ filter: /.*/, namespace: 'docgen-missing' }, (args) => ({
            contents: `module.exports = globalThis[Symbol.for('docgen.missingPackageFactory')](${JSON.stringify(packageName(args.path))});`,
            loader: 'js',
          }));
        },
      }],
    }, { siteDir: path.dirname(file), workingDir: process.cwd() });
    code = out.outputFiles[0].text;
  } catch (error) {
    if (!(error instanceof AggregateDocgenError)) throw error;
    throw new AggregateDocgenError(`${path.basename(file)} could not be compiled:`, error.errors, { cause: error });
  }
  // Written beside the config (in .docgen/config), so its packages resolve from the site's node_modules.
  const dir = path.join(path.dirname(file), '.docgen', 'config');
  mkdirSync(dir, { recursive: true });
  const tmp = path.join(dir, `docusaurus.config-${process.pid}-${Date.now()}-${Math.random().toString(36).slice(2)}.mjs`);
  writeFileSync(tmp, code);
  const g = globalThis as Record<PropertyKey, unknown>;
  const hadRequire = 'require' in g;
  const previousRequire = g.require;
  try {
    g[Symbol.for('docgen.missingPackageFactory')] = missingPackage;
    // esbuild turns a CommonJS `require` of an external package into a call of the global
    // `require` when there is one: give it the config folder's.
    g.require = Object.assign((id: string) => {
      const value = siteRequire(id);
      if (!required.has(value)) required.set(value, id);
      const inner = (value as { default?: unknown } | null)?.default;
      if (inner !== undefined && !required.has(inner)) required.set(inner, `${id}#default`);
      return value;
    }, { resolve: siteRequire.resolve, cache: siteRequire.cache });
    const mod = await import(pathToFileURL(tmp).href);
    let config = mod.default ?? mod;
    if (typeof config === 'function') config = await config();
    if (!config || typeof config !== 'object') {
      throw new ConfigError('', `${path.basename(file)} must export a config object (or a function returning one); got ${typeof config}`);
    }
    return { config: config as Record<string, unknown>, missing: [...missing].sort(), code, required };
  } catch (error) {
    if (error instanceof ConfigError) throw error;
    throw new ConfigError('', `${path.basename(file)} threw while loading: ${(error as Error).message}`, { cause: error });
  } finally {
    if (hadRequire) g.require = previousRequire;
    else delete g.require;
    rmSync(tmp, { force: true });
  }
}

function packageName(spec: string): string {
  const parts = spec.split('/');
  return spec.startsWith('@') ? parts.slice(0, 2).join('/') : parts[0];
}

function hasPackageFolder(req: NodeRequire, spec: string): boolean {
  try {
    req.resolve(`${packageName(spec)}/package.json`);
    return true;
  } catch {
    return false;
  }
}
