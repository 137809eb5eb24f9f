import { existsSync, realpathSync } from 'node:fs';
import path from 'node:path';
import type { Plugin } from 'esbuild';

const ASSET = /\.(svg|png|jpe?g|gif|webp|avif|ico|woff2?|ttf|pdf|mp4|webm)$/i;

/**
 * Docusaurus docs write `<img src={require('./img/x.png').default} />` (webpack's assets are
 * ES modules). esbuild's file loader gives `require()` the URL itself, so `.default` would be
 * undefined: a required asset goes through a small ES module whose default is the URL.
 * `import x from './x.png'` is left to esbuild as it is.
 */
export function requireAssetsPlugin(): Plugin {
  return {
    name: 'docgen-require-assets',
    setup(build) {
      build.onResolve({ filter: ASSET }, async (args) => {
        if (args.kind !== 'require-call' || args.namespace === 'docgen-asset') return undefined;
        // A relative path names its file (an asset path has its extension): no need for
        // esbuild's resolver, which costs milliseconds a call (resolve-once.ts); a context
        // lookup (context-require.ts) requires every image of a folder this way.
        const file = /^\.\.?\//.test(args.path) && args.resolveDir ? path.resolve(args.resolveDir, args.path) : null;
        if (file && existsSync(file)) return { path: realpathSync(file), namespace: 'docgen-asset' };
        const resolved = await build.resolve(args.path, { kind: 'import-statement', resolveDir: args.resolveDir, importer: args.importer });
        if (resolved.errors.length) return { errors: resolved.errors };
        return { path: resolved.path, namespace: 'docgen-asset' };
      });
      build.onLoad({ filter: /.*/, namespace: 'docgen-asset' }, (args) => ({
        contents: `import url from ${JSON.stringify(args.path)};\nexport default url;\n`,
        resolveDir: path.dirname(args.path),
        loader: 'js',
      }));
    },
  };
}
