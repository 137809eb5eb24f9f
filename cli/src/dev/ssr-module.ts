import { createRequire } from 'node:module';
import path from 'node:path';
import { runInThisContext } from 'node:vm';
import { engineDir } from '../bundle/virtual-modules.js';

/**
 * Runs a CommonJS bundle in this process, without writing it anywhere. Its `require` is the
 * engine's, so `react` is the one instance the theme's server entry and every page share.
 */
const engineRequire = createRequire(path.join(engineDir(), 'package.json'));

export function evaluateCommonJs(code: string, filename: string): Record<string, unknown> {
  const module = { exports: {} as Record<string, unknown> };
  const wrapper = runInThisContext(`(function (exports, require, module, __filename, __dirname) {${code}\n})`, { filename });
  wrapper(module.exports, engineRequire, module, filename, path.dirname(filename));
  return module.exports;
}
