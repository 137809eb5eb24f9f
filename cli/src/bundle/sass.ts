import { createRequire } from 'node:module';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Plugin } from 'esbuild';

type Sass = typeof import('sass');
type SassError = Error & { sassMessage?: string; span?: { url?: URL; start: { line: number; column: number }; text?: string } };

/**
 * `.scss`/`.sass` stylesheets (docusaurus-plugin-sass): compiled with the site's own `sass`
 * package, as that plugin does (it needs `sass` installed beside it); `x.module.scss` is a CSS
 * module, as `x.module.css` is. Without `sass` in the site, the build names the stylesheet
 * and says what to install.
 */
export function sassPlugin(siteDir: string): Plugin {
  let sass: Promise<Sass | null> | undefined;
  return {
    name: 'docgen-sass',
    setup(build) {
      const node = build.initialOptions.platform === 'node';
      build.onLoad({ filter: /\.s[ac]ss$/ }, async (args) => {
        const module = /\.module\.s[ac]ss$/.test(args.path);
        // The prerender only needs a CSS module's class names.
        if (node && !module) return { contents: '', loader: 'empty' };
        const compiler = await (sass ??= loadSass(siteDir));
        if (!compiler) {
          return { errors: [{ text: `${path.relative(siteDir, args.path)} is a Sass stylesheet, and the package "sass" is not installed in the site: run npm install --save-dev sass in ${siteDir}` }] };
        }
        try {
          const result = await compiler.compileAsync(args.path, { loadPaths: [path.join(siteDir, 'node_modules')], importers: [tildeImporter(siteDir)], silenceDeprecations: ['import'], quietDeps: true });
          return { contents: result.css, loader: module ? 'local-css' : 'css', resolveDir: path.dirname(args.path), watchFiles: result.loadedUrls.filter((u) => u.protocol === 'file:').map((u) => u.pathname) };
        } catch (error) {
          const e = error as SassError;
          const start = e.span?.start;
          const file = e.span?.url?.protocol === 'file:' ? e.span.url.pathname : args.path;
          return {
            errors: [{
              text: `Sass: ${e.sassMessage ?? e.message}`,
              location: start ? { file, line: start.line + 1, column: start.column, lineText: e.span?.text ?? '' } : null,
            }],
          };
        }
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
