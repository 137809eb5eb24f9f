import { build, type BuildOptions, type Message, type Metafile } from 'esbuild';
import path from 'node:path';
import { createRequire } from 'node:module';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { AggregateDocgenError, ContentError } from '../errors.js';
import { themeOverridesPlugin } from './theme-overrides.js';
import { engineDir, virtualModulesPlugin, type VirtualModule } from './virtual-modules.js';

export interface BundleInput {
  siteDir: string;
  /** Generated modules by name (imported as `docgen:<name>`). */
  modules: Map<string, VirtualModule>;
}

const common = (input: BundleInput): BuildOptions => ({
  bundle: true,
  jsx: 'automatic',
  logLevel: 'silent',
  define: { 'process.env.NODE_ENV': '"production"' },
  plugins: [virtualModulesPlugin(input.modules, input.siteDir), themeOverridesPlugin(input.siteDir)],
  // Sites outside this repository still find react and the theme through the engine's folder.
  nodePaths: [path.join(engineDir(), 'node_modules'), path.join(engineDir(), '..', 'node_modules')],
  loader: { '.svg': 'file', '.png': 'file', '.jpg': 'file', '.jpeg': 'file', '.gif': 'file', '.webp': 'file', '.woff2': 'file' },
});

export const BROWSER_REACT_ALIAS = {
  react: 'preact/compat',
  'react-dom': 'preact/compat',
  'react-dom/client': 'preact/compat/client',
  'react/jsx-runtime': 'preact/compat/jsx-runtime',
  'react/jsx-dev-runtime': 'preact/compat/jsx-dev-runtime',
};

export interface ServerBundle {
  renderRoute: (input: unknown) => string;
  noFlashScript: (site: unknown) => string;
  mdxComponents: Record<string, unknown>;
  jsxRuntime: unknown;
  routes: { default?: unknown; frontMatter?: { title?: string; description?: string } }[];
}

/** SSR: every route module plus the theme's server entry, as one CommonJS file loaded in-process. */
export async function bundleServer(input: BundleInput, entry: string): Promise<ServerBundle> {
  // Loaded from a private temp folder and deleted at once: it holds every page's content.
  const dir = mkdtempSync(path.join(tmpdir(), 'docgen-ssr-'));
  const outFile = path.join(dir, 'server.cjs');
  const result = await run({
    ...common(input),
    stdin: { contents: entry, resolveDir: engineDir(), loader: 'js', sourcefile: 'docgen-server-entry.js' },
    platform: 'node',
    format: 'cjs',
    target: 'node20',
    write: false,
    outfile: outFile,
    loader: { ...common(input).loader, '.css': 'empty' },
  }, input.modules);
  try {
    for (const f of result.outputFiles ?? []) writeFileSync(f.path, f.contents);
    return createRequire(outFile)(outFile) as ServerBundle;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** Browser: the app entry and one entry per route chunk, code-split into shared chunks. */
export async function bundleClient(input: BundleInput, entryPoints: Record<string, string>, outdir: string, publicPath: string): Promise<Metafile> {
  const result = await run({
    ...common(input),
    entryPoints,
    outdir,
    platform: 'browser',
    format: 'esm',
    splitting: true,
    minify: true,
    target: ['es2020', 'chrome90', 'firefox90', 'safari15'],
    entryNames: '[dir]/[name]-[hash]',
    chunkNames: 'chunks/[name]-[hash]',
    assetNames: 'media/[name]-[hash]',
    publicPath,
    // Pages are prerendered by React; in the browser the same components run on preact/compat,
    // a fifth of React's size, so a page's JavaScript stays inside the 60 KiB budget.
    alias: BROWSER_REACT_ALIAS,
    metafile: true,
    write: true,
    absWorkingDir: input.siteDir,
  }, input.modules);
  return result.metafile!;
}

async function run(options: BuildOptions, modules: Map<string, VirtualModule>) {
  try {
    return await build(options);
  } catch (error) {
    const messages: Message[] = (error as { errors?: Message[] }).errors ?? [];
    if (messages.length === 0) throw error;
    throw new AggregateDocgenError('Bundling failed:', messages.map((m) => toContentError(m, modules)));
  }
}

/** esbuild's message → the user's file: generated modules point back at their source line. */
function toContentError(m: Message, modules: Map<string, VirtualModule>): ContentError {
  const loc = m.location;
  const hint = /Could not resolve/.test(m.text) ? '. Check the import path, or install the package.' : '';
  const generated = loc?.file ? modules.get(loc.file.replace(/^docgen:/, '')) : undefined;
  if (generated?.source && loc) {
    const spec = /"([^"]+)"/.exec(m.text)?.[1];
    const lines = generated.source.text.split('\n');
    const line = spec ? lines.findIndex((l) => l.includes(spec)) : -1;
    const column = line >= 0 ? Math.max(1, lines[line].indexOf(spec!)) : 1; // the opening quote
    return new ContentError({ file: generated.source.file, line: line >= 0 ? line + 1 : undefined, column }, m.text + hint);
  }
  return new ContentError({ file: loc?.file ?? '(bundle)', line: loc?.line, column: loc ? loc.column + 1 : undefined }, m.text + hint);
}
