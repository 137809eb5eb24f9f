import { readFileSync } from 'node:fs';
import type { Plugin } from 'esbuild';

const NAMESPACE = 'docgen-raw';

/**
 * webpack's inline loader `!!raw-loader!./file` (`raw-loader!…` too), which Docusaurus docs
 * use to show a file in a code block: the default export is the file's text.
 */
export function rawLoaderPlugin(): Plugin {
  return {
    name: 'docgen-raw-loader',
    setup(build) {
      build.onResolve({ filter: /^(?:!!?|-!)?raw-loader!/ }, async (args) => {
        const request = args.path.replace(/^(?:!!?|-!)?raw-loader!/, '');
        const resolved = await build.resolve(request, { kind: args.kind, resolveDir: args.resolveDir, importer: args.importer, namespace: args.namespace === 'docgen' ? 'file' : args.namespace });
        if (resolved.errors.length) return { errors: [{ text: `Could not find "${request}" (imported with raw-loader): import an existing file, relative to the file that imports it or through @site/` }] };
        return { path: resolved.path, namespace: NAMESPACE };
      });
      build.onLoad({ filter: /.*/, namespace: NAMESPACE }, (args) => ({ contents: `export default ${JSON.stringify(readFileSync(args.path, 'utf8'))};\n`, loader: 'js', watchFiles: [args.path] }));
    },
  };
}
