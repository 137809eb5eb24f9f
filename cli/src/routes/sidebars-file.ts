import { readFileSync } from 'node:fs';
import path from 'node:path';
import { runBundleSync } from '../bundle/run.js';
import { evaluateCommonJs } from '../bundle/evaluate.js';
import { AggregateDocgenError, ContentError } from '../errors.js';
import { createRequire } from 'node:module';

/**
 * A Docusaurus sidebars file (sidebars.js/.cjs/.mjs/.ts/.json, or a versioned_sidebars JSON)
 * → its exported object. JavaScript is bundled with esbuild and run here; it may require
 * the site's packages (resolved from the file's folder); it must not be asynchronous.
 */
export function loadSidebarsFile(file: string, siteDir: string): Record<string, unknown> {
  const rel = path.relative(siteDir, file);
  let value: unknown;
  if (file.endsWith('.json')) {
    const text = readFileSync(file, 'utf8');
    try {
      value = JSON.parse(text);
    } catch (error) {
      throw new ContentError({ file: rel, ...jsonPosition(text, (error as Error).message) }, `Invalid JSON: ${(error as Error).message}`);
    }
  } else {
    let code: string;
    try {
      const out = runBundleSync({ entryPoints: [file], bundle: true, write: false, platform: 'node', format: 'cjs', target: 'node20', logLevel: 'silent', packages: 'external' }, { siteDir, workingDir: process.cwd() });
      code = out.outputFiles[0].text;
    } catch (error) {
      if (!(error instanceof AggregateDocgenError)) throw error;
      throw new AggregateDocgenError(`${rel} could not be compiled:`, error.errors, { cause: error });
    }
    try {
      const exports = evaluateCommonJs(code, file, createRequire(file));
      value = exports.default ?? exports;
      if (typeof value === 'function') value = (value as () => unknown)();
    } catch (error) {
      throw new ContentError({ file: rel }, `The sidebars file threw while loading: ${(error as Error).message}`, { cause: error });
    }
  }
  if (!value || typeof value !== 'object' || Array.isArray(value)) {
    throw new ContentError({ file: rel }, 'A sidebars file must export an object of sidebars, e.g. { tutorialSidebar: [\'intro\', { type: \'category\', label: \'Guides\', items: [...] }] }');
  }
  return value as Record<string, unknown>;
}

/** Line and column of a JSON.parse error ("... in JSON at position 123"). */
function jsonPosition(text: string, message: string): { line?: number; column?: number } {
  const m = /position (\d+)/.exec(message);
  if (!m) return {};
  const before = text.slice(0, Number(m[1])).split('\n');
  return { line: before.length, column: before[before.length - 1].length + 1 };
}
