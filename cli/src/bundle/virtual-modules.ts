import path from 'node:path';
import type { Plugin } from 'esbuild';
import type { BarrelImports } from './barrel-imports.js';
import { importerKind, resolveOnce } from './resolve-once.js';

/** A generated module: source text and the folder its imports resolve from. */
export interface VirtualModule {
  contents: string;
  resolveDir: string;
  loader: 'js' | 'jsx' | 'tsx';
  /** The file it was compiled from (site-relative) and its text, to point errors at the source. */
  source?: { file: string; text: string };
}

/**
 * Serves generated modules (`docgen:<name>`) to esbuild from memory: route wrappers and
 * compiled MDX never touch the disk. `@site/…` resolves to the site folder, as in Docusaurus.
 */
export function virtualModulesPlugin(modules: Map<string, VirtualModule>, siteDir: string, barrels: BarrelImports): Plugin {
  return {
    name: 'docgen-virtual',
    setup(build) {
      build.onResolve({ filter: /^docgen:/ }, (args) => ({ path: args.path.slice('docgen:'.length), namespace: 'docgen' }));
      // Every page importing a site component asks for the same file: resolved once per kind of importer.
      const resolve = resolveOnce(build);
      build.onResolve({ filter: /^@site\// }, async (args) =>
        resolve('./' + args.path.slice('@site/'.length), { resolveDir: siteDir, kind: args.kind, importer: args.importer }, JSON.stringify([args.path, args.kind, importerKind(args.importer)])),
      );
      // An imported .md/.mdx file is served as the compile step compiled it (content/partials.ts).
      build.onLoad({ filter: /\.mdx?$/ }, (args) => {
        const mod = modules.get(partialModuleName(args.path));
        if (!mod) return { errors: [{ text: `${path.basename(args.path)} can only be imported from a Markdown page (docgen compiles partials with the page that imports them)` }] };
        return { contents: barrels.rewrite(mod.contents, mod.resolveDir), resolveDir: mod.resolveDir, loader: mod.loader };
      });
      build.onLoad({ filter: /.*/, namespace: 'docgen' }, (args) => {
        const mod = modules.get(args.path);
        if (!mod) return { errors: [{ text: `docgen: unknown generated module ${args.path}` }] };
        return { contents: barrels.rewrite(mod.contents, mod.resolveDir), resolveDir: mod.resolveDir, loader: mod.loader };
      });
    },
  };
}

/** Name under which a compiled partial (an imported .md/.mdx file) is kept in the modules map. */
export const partialModuleName = (absolutePath: string) => `partial:${absolutePath}`;

/** Folder of this package (cli/), from which @docgen/theme and react resolve. */
export function engineDir(): string {
  // dist/docgen.js in the bundled CLI, src/bundle/*.ts under vitest: both sit below cli/.
  const here = path.dirname(new URL(import.meta.url).pathname);
  return here.includes(`${path.sep}src${path.sep}`) ? here.slice(0, here.lastIndexOf(`${path.sep}src${path.sep}`)) : path.dirname(here);
}
