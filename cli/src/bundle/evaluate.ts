import { createRequire } from 'node:module';
import path from 'node:path';
import { runInThisContext } from 'node:vm';
import { engineDir } from './virtual-modules.js';

/**
 * The one way docgen runs a CommonJS bundle in this process (the prerender bundle of a
 * build, dev's theme and page bundles, standalone pages), without writing it anywhere. Its
 * `require` is the engine's, so `react` is the one instance the theme and every page share.
 */
const engineRequire = createRequire(path.join(engineDir(), 'package.json'));

export function evaluateCommonJs(code: string, filename: string, require: (id: string) => unknown = engineRequire): Record<string, unknown> {
  const module = { exports: {} as Record<string, unknown> };
  const wrapper = runInThisContext(`(function (exports, require, module, __filename, __dirname) {${code}\n})`, { filename });
  wrapper(module.exports, require, module, filename, path.dirname(filename));
  return module.exports;
}

/**
 * Loads React's production build for the prerender, whatever NODE_ENV says (unset in
 * `docgen dev`): React picks its build when first required, and the development build renders
 * a page several times slower, which a writer waits for on every save. The browser runs
 * preact either way; React's development warnings were only ever printed by this server.
 */
export function preferProductionReact(): void {
  const previous = process.env.NODE_ENV;
  process.env.NODE_ENV = 'production';
  try {
    // react-dom too (the theme's portals): its development build alone took 20 ms to load at start.
    for (const id of ['react', 'react/jsx-runtime', 'react-dom', 'react-dom/server']) engineRequire(id);
  } finally {
    if (previous === undefined) delete process.env.NODE_ENV;
    else process.env.NODE_ENV = previous;
  }
}
