import type { PluginBuild, ResolveOptions, ResolveResult } from 'esbuild';

/**
 * esbuild's `build.resolve` is slow: each call sets up a resolver of its own, about 3 ms of
 * CPU. A plugin that calls it per import pays that for every page importing the same module:
 * on a site whose 380 pages each import two of its components through `@site/`, that was 3.3
 * of the server bundle's 4.5 s of CPU. This asks esbuild once per distinct request within a
 * build (a rebuild of a context starts afresh, as files may have come or gone).
 *
 * The key is every option passed, unless the caller names what the answer depends on (`key`,
 * see `importerKind`): passing only what matters gets more hits.
 */
export function resolveOnce(build: PluginBuild): (path: string, options: ResolveOptions, key?: string) => Promise<ResolveResult> {
  const memo = new Map<string, Promise<ResolveResult>>();
  build.onStart(() => memo.clear());
  return (path, options, key = JSON.stringify([path, options.kind, options.resolveDir, options.importer, options.namespace, options.pluginData, options.with])) => {
    let result = memo.get(key);
    if (!result) memo.set(key, (result = build.resolve(path, options)));
    return result;
  };
}

/** Scripts and Markdown: modules whose `.svg` imports are components (svg-component.ts). */
export const SCRIPT_OR_MARKDOWN = /\.(?:[cm]?[jt]sx?|mdx?)$/i;

/** Files of docgen's own theme, whose relative imports of a component an override replaces (theme-overrides.ts). */
export const THEME_SOURCE = /[\\/]theme[\\/]src[\\/]/;

/**
 * What the docgen plugins a nested `build.resolve` runs read of its importer: whether it is a
 * script or Markdown (an `.svg` it imports is a component) and whether it is a file of the
 * theme (its `../Name` imports may be overridden). Importers of the same kind get the same
 * answer, so their requests can share one resolve.
 */
export function importerKind(importer: string): string {
  return `${SCRIPT_OR_MARKDOWN.test(importer) ? 'script' : 'other'}${THEME_SOURCE.test(importer) ? ' theme' : ''}`;
}
