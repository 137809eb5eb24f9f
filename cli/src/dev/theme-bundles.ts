import type { Metafile } from 'esbuild';
import type { ServerBundle } from '../bundle/bundle.js';
import { contentModules, entryOutputs } from '../build/modules.js';
import { buildInMemory, devOptions, inputFiles, nodeBundleOptions, outputName, vendorExternals } from './bundle-options.js';
import type { MemoryFiles } from './memory-files.js';
import { evaluateCommonJs } from './ssr-module.js';

/** What an HTML page loads from a browser bundle (URLs). */
export interface EntryAssets {
  script: string;
  styles: string[];
  preload: string[];
}

export type ThemeServer = Pick<ServerBundle, 'renderRoute' | 'noFlashScript' | 'mdxComponents'>;

/** A bundle's result with the files it was built from (for the on-disk cache). */
export interface Built<T> {
  value: T;
  inputs: string[];
}

/** The theme's client entry (and its CSS), built once per start and again when the theme changes. */
export function bundleApp(siteDir: string, files: MemoryFiles, vendor: Map<string, string>): Promise<Built<EntryAssets>> {
  return bundleBrowserEntry({ siteDir, files, vendor, folder: 'app', entry: 'client-entry' });
}

/** The login shell's entry, only needed when the sign-in gate is on. */
export async function bundleLogin(siteDir: string, files: MemoryFiles, vendor: Map<string, string>): Promise<EntryAssets> {
  return (await bundleBrowserEntry({ siteDir, files, vendor, folder: 'login', entry: 'login-entry' })).value;
}

async function bundleBrowserEntry(opts: { siteDir: string; files: MemoryFiles; vendor: Map<string, string>; folder: string; entry: string }): Promise<Built<EntryAssets>> {
  const { siteDir, files, vendor, folder, entry } = opts;
  const options = devOptions(siteDir, contentModules([]));
  const result = await buildInMemory({
    ...options,
    entryPoints: { [folder]: `docgen:${entry}` },
    plugins: [vendorExternals((s) => vendor.get(s)), ...options.plugins!],
    // Fixed entry names: a page can name app.js and app.css before the bundle is done.
    entryNames: '[name]',
    format: 'esm',
    platform: 'browser',
    splitting: true,
    target: 'es2020',
    publicPath: files.urlOf(folder, ''),
  });
  files.clearFolder(folder);
  const urls = files.addOutputs(folder, result.outputFiles);
  return { value: assetsOf(result.metafile, `docgen:${entry}`, urls), inputs: inputFiles(result.metafile) };
}

function assetsOf(metafile: Metafile, entryPoint: string, urls: Map<string, string>): EntryAssets {
  const out = entryOutputs(metafile, entryPoint);
  // External imports (the vendor modules) appear under their URL: preload them as they are.
  const url = (metaPath: string) => urls.get(outputName(metaPath)) ?? metaPath;
  return { script: url(out.js), styles: out.css.map(url), preload: out.imports.map(url) };
}

/** The theme's server entry for node, with React left to node so pages share its instance. */
export async function bundleThemeServer(siteDir: string, files: MemoryFiles): Promise<Built<string>> {
  const entry = "export { renderRoute, noFlashScript, mdxComponents } from '@docgen/theme/server';";
  // Same asset URLs as the browser bundle of the theme (same names and hashes).
  const result = await buildInMemory(nodeBundleOptions(siteDir, new Map(), entry, files.urlOf('app', '')));
  const js = result.outputFiles.find((f) => f.path.endsWith('.cjs'))!;
  return { value: js.text, inputs: inputFiles(result.metafile) };
}

/** Runs the server entry's code (built now, or read from the cache). */
export function loadThemeServer(code: string): ThemeServer {
  return evaluateCommonJs(code, THEME_SERVER_FILE) as unknown as ThemeServer;
}

const THEME_SERVER_FILE = 'docgen-dev-theme-server.cjs';
