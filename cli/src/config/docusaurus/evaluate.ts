import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { bundleConfigFile, importInSite } from '../../bundle/config-module.js';
import { ConfigError } from '../../errors.js';

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
  const { code } = await bundleConfigFile(file, {
      define: {
        __dirname: JSON.stringify(path.dirname(file)),
        __filename: JSON.stringify(file),
        'import.meta.url': JSON.stringify(pathToFileURL(file).href),
        'import.meta.dirname': JSON.stringify(path.dirname(file)),
      },
      plugins: [{
        name: 'docusaurus-config-packages',
        setup(b) {
          b.onResolve({ filter: /^(node:)?module$/ }, (args) =>
            (args.namespace === 'docgen-module' ? { path: 'node:module', external: true } : { path: 'module', namespace: 'docgen-module' }));
          b.onLoad({ filter: /.*/, namespace: 'docgen-module' }, () => ({
            contents: [
              "import * as m from 'node:module';",
              "export * from 'node:module';",
              "export const createRequire = (url) => globalThis[Symbol.for('docgen.tolerantRequire')](m.createRequire(url));",
              'export default { ...m.default, createRequire };',
            ].join('\n'),
            loader: 'js',
            resolveDir: path.dirname(file),
          }));
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
              // require() gets the stand-in itself; an import statement an ES module naming what it imports.
              const esm = args.kind === 'import-statement' || args.kind === 'dynamic-import';
              return { path: `${spec}${esm ? '?esm' : ''}`, namespace: 'docgen-missing', pluginData: { importer: args.importer, esm } };
            }
          });
          b.onLoad({ filter: /.*/, namespace: 'docgen-missing' }, (args) => {
            const data = args.pluginData as { importer?: string; esm: boolean };
            const spec = args.path.replace(/\?esm$/, '');
            const factory = `globalThis[Symbol.for('docgen.missingPackageFactory')](${JSON.stringify(packageName(spec))})`;
            return { contents: data.esm ? missingModuleSource(spec, data.importer) : `module.exports = ${factory};`, loader: 'js' };
          });
        },
      }],
  }, { siteDir: path.dirname(file), workingDir: process.cwd() });
  const g = globalThis as Record<PropertyKey, unknown>;
  const hadRequire = 'require' in g;
  const previousRequire = g.require;
  try {
    g[Symbol.for('docgen.missingPackageFactory')] = missingPackage;
    // esbuild turns a CommonJS `require` of an external package into a call of the global
    // `require` when there is one: give it the config folder's.
    const tolerant = (base: NodeRequire) => Object.assign((id: string) => {
      let value: unknown;
      try {
        value = base(id);
      } catch (error) {
        if ((error as { code?: string }).code !== 'MODULE_NOT_FOUND' || id.startsWith('.') || path.isAbsolute(id)) throw error;
        missing.add(packageName(id));
        return missingPackage(packageName(id));
      }
      if (!required.has(value)) required.set(value, id);
      const inner = (value as { default?: unknown } | null)?.default;
      if (inner !== undefined && !required.has(inner)) required.set(inner, `${id}#default`);
      return value;
    }, {
      // `require.resolve('some-plugin')` names plugins and themes: one the site has not
      // installed resolves to its own name, which the mapper reports as left out.
      resolve: (id: string, options?: { paths?: string[] }) => {
        try {
          return base.resolve(id, options);
        } catch (error) {
          if (id.startsWith('.') || path.isAbsolute(id)) throw error;
          missing.add(packageName(id));
          return id;
        }
      },
      cache: base.cache,
    });
    g.require = tolerant(siteRequire);
    // An ES module config makes its own require with createRequire: that one is tolerant too.
    g[Symbol.for('docgen.tolerantRequire')] = tolerant;
    const mod = await importInSite(file, code);
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
    delete g[Symbol.for('docgen.tolerantRequire')];
  }
}

/**
 * The stand-in module of a missing package. An ES module, so `import { themes } from 'x'`
 * binds: its named exports are the names the importing file asks for (read from its source).
 */
function missingModuleSource(spec: string, importer: string | undefined): string {
  const names = new Set<string>();
  if (importer) {
    let text = '';
    try {
      text = readFileSync(importer, 'utf8');
    } catch {
      // a virtual importer: no named imports to offer
    }
    const quoted = spec.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');
    const re = new RegExp(`import\\s+(?:type\\s+)?(?:[\\w$]+\\s*,\\s*)?\\{([^}]*)\\}\\s*from\\s*['"]${quoted}['"]`, 'g');
    for (const m of text.matchAll(re)) {
      for (const part of m[1].split(',')) {
        const name = part.trim().replace(/^type\s+/, '').split(/\s+as\s+/)[0].trim();
        if (/^[A-Za-z_$][\w$]*$/.test(name) && name !== 'default') names.add(name);
      }
    }
  }
  return [
    `const m = globalThis[Symbol.for('docgen.missingPackageFactory')](${JSON.stringify(packageName(spec))});`,
    'export default m;',
    ...[...names].map((n) => `export const ${n} = m.${n};`),
  ].join('\n');
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
