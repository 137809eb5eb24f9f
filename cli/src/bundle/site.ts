import { createHash } from 'node:crypto';
import type { Metafile } from 'esbuild';
import type { RenderInput, SiteData } from '@docgen/core/types';
import { evaluateCommonJs } from './evaluate.js';
import { bundleOptions, inputFiles } from './options.js';
import { runBundle } from './run.js';
import type { VirtualModule } from './virtual-modules.js';

/** A build's bundles: the prerender bundle for node and the browser bundles on disk. */
export interface BundleInput {
  siteDir: string;
  /** Generated modules by name (imported as `docgen:<name>`). */
  modules: Map<string, VirtualModule>;
}

/** What the engine calls in the theme's server entry (dev loads the same entry). */
export interface ThemeServer {
  /** `memo`: one SidebarMemo for every page of a build (the theme's server-memo.tsx). */
  renderRoute: (input: RenderInput, memo?: SidebarMemo | null) => string;
  SidebarMemo?: new () => SidebarMemo;
  noFlashScript: (site: SiteData) => string;
  mdxComponents: Record<string, unknown>;
}

/** Opaque to the engine: the theme keeps rendered sidebar categories in it. */
export type SidebarMemo = object & { readonly __sidebarMemo?: never };

export interface ServerBundle extends ThemeServer {
  /** Hash of the bundle's code: what every prerendered page depends on. */
  key: string;
  /** The code itself (render workers evaluate it again). */
  code: string;
  jsxRuntime: unknown;
  routes: { default?: unknown; frontMatter?: { title?: string; description?: string } }[];
}

/**
 * Prerender: every bundled route's content module plus the theme's server entry, one
 * CommonJS bundle evaluated in this process (React left to node, as in dev). Nothing is
 * written: it holds every page's content. Returns its code and the files it was built from.
 */
export async function bundleServer(input: BundleInput, entry: string, assetsUrl: string): Promise<{ code: string; inputs: string[] }> {
  const options = bundleOptions({ ...input, platform: 'node', output: 'memory', react: 'external' });
  const result = await runBundle(
    { ...options, publicPath: assetsUrl, stdin: { contents: entry, resolveDir: options.absWorkingDir!, loader: 'js', sourcefile: 'docgen-server-entry.js' } },
    { modules: input.modules, siteDir: input.siteDir },
  );
  const js = result.outputFiles.find((f) => f.path.endsWith('.cjs'))!;
  return { code: js.text, inputs: inputFiles(result.metafile) };
}

/** Runs the prerender bundle's code (built now or kept from an earlier build). */
export function loadServerBundle(code: string): ServerBundle {
  const key = createHash('sha256').update(code).digest('hex');
  return { ...evaluateCommonJs(code, 'docgen-server-bundle.cjs'), key, code } as unknown as ServerBundle;
}

/** A file of a browser bundle, by its path relative to the bundle's outdir's site. */
export interface OutputFile {
  path: string;
  contents: Uint8Array;
}

/**
 * Browser: the given entries, code-split into shared chunks, minified, for outdir: the files
 * are returned, not written, so the build writes only those that changed.
 */
export async function bundleClient(input: BundleInput, entryPoints: Record<string, string>, outdir: string, publicPath: string): Promise<{ metafile: Metafile; inputs: string[]; files: OutputFile[] }> {
  const result = await runBundle(
    {
      ...bundleOptions({ ...input, platform: 'browser', output: 'disk', react: 'preact' }),
      entryPoints,
      outdir,
      splitting: true,
      minify: true,
      entryNames: '[dir]/[name]-[hash]',
      chunkNames: 'chunks/[name]-[hash]',
      assetNames: 'media/[name]-[hash]',
      publicPath,
      write: false,
    },
    { modules: input.modules, siteDir: input.siteDir },
  );
  return { metafile: result.metafile, inputs: inputFiles(result.metafile, input.siteDir), files: result.outputFiles.map((f) => ({ path: f.path, contents: f.contents })) };
}
