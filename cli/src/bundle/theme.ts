import type { Metafile } from 'esbuild';
import { contentModules, entryOutputs } from './entries.js';
import { evaluateCommonJs } from './evaluate.js';
import type { MemoryFiles } from './memory-files.js';
import { bundleOptions, inputFiles, outputName } from './options.js';
import { runBundle } from './run.js';
import type { ThemeServer } from './site.js';

/**
 * The theme's own bundles, in memory, for `docgen dev`: its client entry and login shell for
 * the browser (React from the vendor modules) and its server entry for node. A build makes
 * the same entries part of its site bundles (site.ts).
 */

/** What an HTML page loads from a browser bundle (URLs). */
export interface EntryAssets {
  script: string;
  styles: string[];
  preload: string[];
}

/** A bundle's result with the files it was built from (for the on-disk cache). */
export interface Built<T> {
  value: T;
  inputs: string[];
}

/** The theme's client entry (and its CSS), built once per start and again when the theme changes. */
export function bundleApp(siteDir: string, files: MemoryFiles, vendor: Map<string, string>, customCss: string[] = []): Promise<Built<EntryAssets>> {
  return bundleBrowserEntry({ siteDir, files, vendor, folder: 'app', entry: 'client-entry', customCss });
}

/** The login shell's entry, only needed when the sign-in gate is on. */
export async function bundleLogin(siteDir: string, files: MemoryFiles, vendor: Map<string, string>): Promise<EntryAssets> {
  return (await bundleBrowserEntry({ siteDir, files, vendor, folder: 'login', entry: 'login-entry' })).value;
}

async function bundleBrowserEntry(opts: { siteDir: string; files: MemoryFiles; vendor: Map<string, string>; folder: string; entry: string; customCss?: string[] }): Promise<Built<EntryAssets>> {
  const { siteDir, files, vendor, folder, entry } = opts;
  const result = await runBundle({
    ...bundleOptions({ siteDir, modules: contentModules([], opts.customCss), platform: 'browser', output: 'memory', react: 'external', vendor, mode: 'development' }),
    entryPoints: { [folder]: `docgen:${entry}` },
    // Fixed entry names: a page can name app.js and app.css before the bundle is done.
    entryNames: '[name]',
    splitting: true,
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
  const options = bundleOptions({ siteDir, modules: new Map(), platform: 'node', output: 'memory', react: 'external', mode: 'development' });
  const result = await runBundle({
    ...options,
    stdin: { contents: "export { renderRoute, noFlashScript, mdxComponents, SidebarMemo } from '@docgen/theme/server';", resolveDir: options.absWorkingDir!, loader: 'js', sourcefile: 'docgen-dev-node-entry.js' },
    // Same asset URLs as the browser bundle of the theme (same names and hashes).
    publicPath: files.urlOf('app', ''),
  });
  const js = result.outputFiles.find((f) => f.path.endsWith('.cjs'))!;
  return { value: js.text, inputs: inputFiles(result.metafile) };
}

/** Runs the server entry's code (built now, or read from the cache). */
export function loadThemeServer(code: string): ThemeServer {
  return evaluateCommonJs(code, THEME_SERVER_FILE) as unknown as ThemeServer;
}

const THEME_SERVER_FILE = 'docgen-dev-theme-server.cjs';
