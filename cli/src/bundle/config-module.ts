import { runBundle } from './run.js';

/**
 * site.config.ts as one ES module: its own imports bundled, packages left to node (resolved
 * from the site's folder by whoever imports the result), and `docgen` itself served here, so
 * `import { defineConfig } from 'docgen'` works from any folder, installed or not.
 */
export async function bundleConfigModule(file: string): Promise<string> {
  const out = await runBundle({
    entryPoints: [file],
    bundle: true,
    write: false,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    logLevel: 'silent',
    packages: 'external',
    plugins: [{
      name: 'docgen-self',
      setup(b) {
        b.onResolve({ filter: /^docgen$/ }, () => ({ path: 'docgen', namespace: 'docgen-self' }));
        b.onLoad({ filter: /.*/, namespace: 'docgen-self' }, () => ({ contents: 'export const defineConfig = (c) => c;', loader: 'js' }));
      },
    }],
  });
  return out.outputFiles[0].text;
}
