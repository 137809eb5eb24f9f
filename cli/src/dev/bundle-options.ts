import path from 'node:path';
import { build, type BuildOptions, type Message, type Metafile, type OutputFile, type Plugin } from 'esbuild';
import { themeOverridesPlugin } from '../bundle/theme-overrides.js';
import { engineDir, virtualModulesPlugin, type VirtualModule } from '../bundle/virtual-modules.js';
import { AggregateDocgenError, ContentError } from '../errors.js';

/**
 * esbuild settings shared by every dev bundle. Like the build's (cli/src/bundle/bundle.ts)
 * but nothing is written: outputs stay in memory and are served from there.
 */
export const OUT_DIR = path.join(engineDir(), '.docgen-dev-out');

/** Imports that resolve to the one prebundled React (see vendor.ts), never to a copy. */
export const REACT_SPECIFIER = /^react(-dom)?(\/.*)?$/;

export function devOptions(siteDir: string, modules: Map<string, VirtualModule>): BuildOptions {
  return {
    bundle: true,
    jsx: 'automatic',
    logLevel: 'silent',
    write: false,
    metafile: true,
    absWorkingDir: engineDir(),
    outdir: OUT_DIR,
    define: { 'process.env.NODE_ENV': '"development"' },
    // Site overrides of theme components (src/theme/<Name>), as in a build.
    plugins: [virtualModulesPlugin(modules, siteDir), themeOverridesPlugin(siteDir)],
    nodePaths: [path.join(engineDir(), 'node_modules'), path.join(engineDir(), '..', 'node_modules')],
    loader: { '.svg': 'file', '.png': 'file', '.jpg': 'file', '.jpeg': 'file', '.gif': 'file', '.webp': 'file', '.woff2': 'file' },
    assetNames: '[name]-[hash]',
    chunkNames: 'chunks/[name]-[hash]',
  };
}

/**
 * A CommonJS bundle of `entry` for this process (evaluated with evaluateCommonJs): React is
 * left to node, CSS is dropped, and asset URLs point where the browser bundle serves them.
 */
export function nodeBundleOptions(siteDir: string, modules: Map<string, VirtualModule>, entry: string, publicPath: string): BuildOptions {
  const options = devOptions(siteDir, modules);
  return {
    ...options,
    stdin: { contents: entry, resolveDir: engineDir(), loader: 'js', sourcefile: 'docgen-dev-node-entry.js' },
    plugins: [reactExternalForNode, ...options.plugins!],
    outdir: undefined,
    outfile: path.join(OUT_DIR, 'node-entry.cjs'),
    format: 'cjs',
    platform: 'node',
    target: 'node20',
    loader: { ...options.loader, '.css': 'empty' },
    publicPath,
  };
}

/** Browser bundles import React from the vendor URLs, so the page has a single React. */
export function vendorExternals(urlOf: (specifier: string) => string | undefined): Plugin {
  return {
    name: 'docgen-dev-vendor',
    setup(build) {
      build.onResolve({ filter: REACT_SPECIFIER }, (args) => {
        const url = urlOf(args.path);
        if (url) return { path: url, external: true };
        return { errors: [{ text: `"${args.path}" is not available in docgen dev; import react, react/jsx-runtime, react-dom or react-dom/client` }] };
      });
    },
  };
}

/** SSR bundles leave React to node's require, the same instance the theme's server entry uses. */
export const reactExternalForNode: Plugin = {
  name: 'docgen-dev-react-node',
  setup(build) {
    build.onResolve({ filter: REACT_SPECIFIER }, (args) => ({ path: args.path, external: true }));
  },
};

/** The files on disk a build read (generated `docgen:` modules left out), as absolute paths. */
export function inputFiles(metafile: Metafile): string[] {
  // Generated modules are `docgen:…`; a stdin entry is its bare sourcefile name.
  return Object.keys(metafile.inputs).filter((i) => !i.includes(':') && i.includes('/')).map((i) => path.resolve(engineDir(), i));
}

/** Output path (as esbuild reports it) → path below OUT_DIR with '/' separators. */
export const outputName = (file: string | OutputFile) =>
  path.relative(OUT_DIR, path.resolve(engineDir(), typeof file === 'string' ? file : file.path)).split(path.sep).join('/');

/**
 * Runs an esbuild build; its errors (a broken import, a syntax error in the theme) become
 * ContentErrors at file:line:column, so they are shown like every other mistake.
 */
export async function buildInMemory(options: BuildOptions, locate: (m: Message) => ContentError = messageToError): Promise<{ outputFiles: OutputFile[]; metafile: Metafile }> {
  try {
    const result = await build({ ...options, write: false, metafile: true });
    return { outputFiles: result.outputFiles ?? [], metafile: result.metafile! };
  } catch (error) {
    const messages: Message[] = (error as { errors?: Message[] }).errors ?? [];
    if (messages.length === 0) throw error;
    throw new AggregateDocgenError('Bundling failed:', messages.map(locate));
  }
}

/** Hint for the commonest bundling mistake. */
export const importHint = (m: Message) => (/Could not resolve/.test(m.text) ? ' Check the import path, or install the package.' : '');

function messageToError(m: Message): ContentError {
  const loc = m.location;
  const file = loc ? path.relative(process.cwd(), path.resolve(engineDir(), loc.file)) : '(bundle)';
  return new ContentError({ file, line: loc?.line, column: loc ? loc.column + 1 : undefined }, m.text + importHint(m));
}
