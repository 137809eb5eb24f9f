import { createRequire } from 'node:module';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { PartialMessage, Plugin } from 'esbuild';

type Sass = typeof import('sass');
type SassError = Error & { sassMessage?: string; span?: { url?: URL; start: { line: number; column: number }; text?: string } };

/** A stylesheet compiled to CSS, or the errors to report (esbuild's form). */
export type CompiledStylesheet = { css: string; watchFiles: string[] } | { errors: PartialMessage[] };

/**
 * Compiles `.scss`/`.sass` files with the site's own `sass` package, as docusaurus-plugin-sass
 * does (it needs `sass` installed beside it); without it, the error names the stylesheet and
 * says what to install. Sass errors point at their file, line and column.
 */
export function sassCompiler(siteDir: string): (file: string) => Promise<CompiledStylesheet> {
  let sass: Promise<Sass | null> | undefined;
  return async (file) => {
    const compiler = await (sass ??= loadSass(siteDir));
    if (!compiler) {
      return { errors: [{ text: `${path.relative(siteDir, file)} is a Sass stylesheet, and the package "sass" is not installed in the site: run npm install --save-dev sass in ${siteDir}` }] };
    }
    try {
      const result = await compiler.compileAsync(file, { loadPaths: [path.join(siteDir, 'node_modules')], importers: [tildeImporter(siteDir)], silenceDeprecations: ['import'], quietDeps: true });
      return { css: result.css, watchFiles: result.loadedUrls.filter((u) => u.protocol === 'file:').map((u) => u.pathname) };
    } catch (error) {
      const e = error as SassError;
      const start = e.span?.start;
      const at = e.span?.url?.protocol === 'file:' ? e.span.url.pathname : file;
      return { errors: [{ text: `Sass: ${e.sassMessage ?? e.message}`, location: start ? { file: at, line: start.line + 1, column: start.column, lineText: e.span?.text ?? '' } : null }] };
    }
  };
}

/** Global `.scss`/`.sass` stylesheets (customCss…); `x.module.scss` is a CSS module (css-modules.ts). */
export function sassPlugin(compile: (file: string) => Promise<CompiledStylesheet>): Plugin {
  return {
    name: 'docgen-sass',
    setup(build) {
      const node = build.initialOptions.platform === 'node';
      build.onLoad({ filter: /\.s[ac]ss$/ }, async (args) => {
        if (node) return { contents: '', loader: 'empty' }; // the prerender needs no stylesheet
        const out = await compile(args.path);
        if ('errors' in out) return out;
        return { contents: out.css, loader: 'css', resolveDir: path.dirname(args.path), watchFiles: out.watchFiles };
      });
    },
  };
}

/** The site's sass, else the one beside docgen (its tests'), else none. */
async function loadSass(siteDir: string): Promise<Sass | null> {
  for (const from of [path.join(siteDir, 'package.json'), import.meta.url]) {
    try {
      const file = createRequire(from).resolve('sass');
      const mod = (await import(pathToFileURL(file).href)) as Partial<Sass> & { default?: Sass };
      return typeof mod.compileAsync === 'function' ? (mod as Sass) : mod.default ?? null;
    } catch {
      // not installed there
    }
  }
  return null;
}

/** `@use '~pkg/x'`: webpack's "from node_modules" prefix, which sass itself does not know (sass then finds partials and extensions). */
function tildeImporter(siteDir: string) {
  return {
    findFileUrl(url: string): URL | null {
      return url.startsWith('~') ? pathToFileURL(path.join(siteDir, 'node_modules', url.slice(1))) : null;
    },
  };
}
