import { existsSync } from 'node:fs';
import path from 'node:path';
import type { BuildOptions, Metafile, OutputFile, Plugin } from 'esbuild';
import { BarrelImports } from './barrel-imports.js';
import { contextRequirePlugin } from './context-require.js';
import { docusaurusModulesPlugin } from './docusaurus-modules.js';
import { requireAssetsPlugin } from './require-assets.js';
import { rawLoaderPlugin } from './raw-loader.js';
import { cssModulesPlugin } from './css-modules.js';
import { sassCompiler, sassPlugin } from './sass.js';
import { svgComponentPlugin } from './svg-component.js';
import { sidebarItemsSwizzled, themeOverridesPlugin } from './theme-overrides.js';
import { engineDir, virtualModulesPlugin, type VirtualModule } from './virtual-modules.js';

/**
 * The one place esbuild's settings are decided, for `docgen build` and `docgen dev` alike:
 * the same JSX, loaders, plugins (generated modules, `@site/`, theme overrides) and React
 * handling, so a page bundles the same way in both. Callers add only their entries and
 * output names.
 */
export interface BundleSettings {
  siteDir: string;
  /** Generated modules by name (imported as `docgen:<name>`). */
  modules: Map<string, VirtualModule>;
  /** node: CommonJS evaluated in this process (prerender); browser: ES modules. */
  platform: 'node' | 'browser';
  /** disk: written where the caller says (a build's browser bundles); memory: kept as OutputFiles. */
  output: 'disk' | 'memory';
  /**
   * bundled: React is part of the bundle (a build's prerender bundle);
   * external: left to node's require (node), or imported from the dev vendor URLs (browser);
   * preact: `react`/`react-dom` resolve to preact/compat (browser bundles a reader downloads).
   */
  react: 'bundled' | 'external' | 'preact';
  /** Browser + external: specifier → URL of its prebundled vendor module. */
  vendor?: Map<string, string>;
  /** Dev bundles keep React's development checks. */
  mode?: 'production' | 'development';
}

/** Where memory bundles pretend to be written: output paths are named relative to it. */
export const OUT_DIR = path.join(engineDir(), '.docgen-dev-out');

/** Imports that mean React, whichever entry of it. */
export const REACT_SPECIFIER = /^react(-dom)?(\/.*)?$/;

/**
 * Pages are prerendered by React; in the browser the same components run on preact/compat,
 * a fifth of React's size, so a page's JavaScript stays inside the 60 KiB budget.
 */
export const BROWSER_REACT_ALIAS = {
  react: 'preact/compat',
  'react-dom': 'preact/compat',
  'react-dom/client': 'preact/compat/client',
  'react/jsx-runtime': 'preact/compat/jsx-runtime',
  'react/jsx-dev-runtime': 'preact/compat/jsx-dev-runtime',
};

// `.js` may hold JSX, as in a Docusaurus site's src/ (its Babel setup allows it).
const ASSET_LOADERS = { '.js': 'jsx', '.svg': 'file', '.png': 'file', '.jpg': 'file', '.jpeg': 'file', '.gif': 'file', '.webp': 'file', '.woff2': 'file', '.woff': 'file', '.ttf': 'file' } as const;
export const BROWSER_TARGET = ['es2020', 'chrome90', 'firefox90', 'safari15'];

/**
 * `url(/img/x.png)` in a stylesheet names a file of the site's static folders, served at that
 * path: left as written (as Docusaurus's css-loader leaves it), not bundled. css-loader's `~`
 * prefix means "resolve as a module": `~pkg/font.woff` from node_modules, and `~/static/x.woff`
 * against webpack's roots (the site folder, then the static folders, served at `/x.woff`).
 */
function cssUrls(siteDir: string): Plugin {
  return {
    name: 'css-absolute-urls',
    setup(b) {
      b.onResolve({ filter: /^\/[^/]/ }, (args) => (args.kind === 'url-token' ? { path: args.path, external: true } : undefined));
      b.onResolve({ filter: /^~/ }, async (args) => {
        if (args.kind !== 'url-token' && args.kind !== 'import-rule') return undefined;
        const [, request, suffix = ''] = /^~([^?#]*)([?#].*)?$/.exec(args.path)!;
        if (!request.startsWith('/')) return b.resolve(request + suffix, { kind: args.kind, resolveDir: args.resolveDir, importer: args.importer });
        const inSite = path.join(siteDir, request);
        return existsSync(inSite) ? { path: inSite, suffix } : { path: request + suffix, external: true };
      });
    },
  };
}

export function bundleOptions(s: BundleSettings): BuildOptions {
  const node = s.platform === 'node';
  const compileSass = sassCompiler(s.siteDir);
  const barrels = new BarrelImports();
  // Order matters where two plugins take the same files: svgComponent before requireAssets,
  // cssModules before sass, and svgComponent before the `@site/` alias (virtualModules), so
  // that a page's `import X from '@site/static/x.svg'` is seen with the page as its importer.
  const plugins: Plugin[] = [
    cssUrls(s.siteDir),
    rawLoaderPlugin(),
    svgComponentPlugin(),
    virtualModulesPlugin(s.modules, s.siteDir, barrels),
    themeOverridesPlugin(s.siteDir),
    docusaurusModulesPlugin(),
    requireAssetsPlugin(),
    contextRequirePlugin(s.siteDir, Object.keys(ASSET_LOADERS).filter((e) => e !== '.js'), barrels),
    cssModulesPlugin(s.siteDir, compileSass),
    sassPlugin(compileSass),
  ];
  if (s.react === 'external') plugins.unshift(node ? reactExternalForNode : vendorExternals((spec) => s.vendor?.get(spec)));
  if (node) plugins.unshift(browserOnlyForNode);
  return {
    bundle: true,
    jsx: 'automatic',
    // No tsconfig.json is read: its "jsx": "react" would turn JSX into React.createElement in
    // files that never import React. Docusaurus's Babel/SWC loaders ignore tsconfig.json too
    // (the automatic JSX runtime everywhere, no `paths` aliases).
    tsconfigRaw: '{}',
    logLevel: 'silent',
    metafile: true,
    define: bundleDefines(node, s.mode ?? 'production', sidebarItemsSwizzled(s.siteDir)),
    plugins,
    // Sites outside this repository still find react and the theme through the engine's folder,
    // and clsx, which Docusaurus's site template imports, when the site has not installed it.
    nodePaths: [path.join(engineDir(), 'node_modules'), path.join(engineDir(), '..', 'node_modules')],
    loader: node ? { ...ASSET_LOADERS, '.css': 'empty' } : { ...ASSET_LOADERS },
    platform: s.platform,
    format: node ? 'cjs' : 'esm',
    target: node ? 'node20' : BROWSER_TARGET,
    ...(s.react === 'preact' ? { alias: BROWSER_REACT_ALIAS } : {}),
    ...(s.output === 'memory'
      ? { write: false, absWorkingDir: engineDir(), ...(node ? { outfile: path.join(OUT_DIR, 'bundle.cjs') } : { outdir: OUT_DIR }), assetNames: '[name]-[hash]', chunkNames: 'chunks/[name]-[hash]' }
      : { write: true, absWorkingDir: s.siteDir }),
  };
}

/** Browser bundles import React from the vendor URLs, so the page has a single React. */
function vendorExternals(urlOf: (specifier: string) => string | undefined): Plugin {
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

/** Node bundles leave React to node's require: the same instance the theme's server entry uses. */
const reactExternalForNode: Plugin = {
  name: 'docgen-react-node',
  setup(build) {
    build.onResolve({ filter: REACT_SPECIFIER }, (args) => ({ path: args.path, external: true }));
  },
};

/** Mermaid only runs in the browser (the theme imports it in an effect): the prerender skips its megabytes. */
const browserOnlyForNode: Plugin = {
  name: 'docgen-browser-only',
  setup(build) {
    build.onResolve({ filter: /^mermaid$/ }, (args) => ({ path: args.path, external: true }));
  },
};

/** The files on disk a bundle read (generated `docgen:` modules left out), as absolute paths. */
export function inputFiles(metafile: Metafile, workingDir = engineDir()): string[] {
  // Generated modules are `docgen:…`; a stdin entry is its bare sourcefile name.
  return Object.keys(metafile.inputs).filter((i) => !i.includes(':') && i.includes('/')).map((i) => path.resolve(workingDir, i));
}

/** Output path of a memory bundle (as esbuild reports it) → path below OUT_DIR with '/' separators. */
export const outputName = (file: string | OutputFile) =>
  path.relative(OUT_DIR, path.resolve(engineDir(), typeof file === 'string' ? file : file.path)).split(path.sep).join('/');

/**
 * Constants the theme's code is compiled with. `process.env.DOCGEN_SERVER` marks prerender-only
 * code (the sidebar memo), which the minifier then drops from the browser's bundle;
 * `process.env.DOCGEN_DOCUSAURUS_SIDEBAR`, a site whose swizzles draw the sidebar's items.
 */
export function bundleDefines(node: boolean, mode: string, docusaurusSidebar = false): Record<string, string> {
  return { 'process.env.NODE_ENV': JSON.stringify(mode), 'process.env.DOCGEN_SERVER': node ? '"1"' : '""', 'process.env.DOCGEN_DOCUSAURUS_SIDEBAR': docusaurusSidebar ? '"1"' : '""' };
}
