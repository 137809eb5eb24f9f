import { createRequire } from 'node:module';
import path from 'node:path';
import type { MemoryFiles } from './memory-files.js';
import { bundleOptions, inputFiles } from './options.js';
import { runBundle } from './run.js';
import { engineDir, type VirtualModule } from './virtual-modules.js';

/** The React modules browser code may import; each becomes one ES module URL. */
export const VENDOR_SPECIFIERS = ['react', 'react/jsx-runtime', 'react-dom', 'react-dom/client'] as const;

const IDENTIFIER = /^[A-Za-z_$][\w$]*$/;

/**
 * Prebundles what `react` means in the browser, once, as ES modules: preact/compat, as in a
 * build (options.ts, BROWSER_REACT_ALIAS), so the theme runs in dev on the
 * runtime it ships with, while pages are prerendered by React in both. Each entry names
 * React's exports explicitly (read from the package in node), the API the theme is written
 * against. The shared code lands in one chunk: every entry uses the same runtime instance.
 */
export async function bundleVendor(siteDir: string, files: MemoryFiles): Promise<string[]> {
  const require = createRequire(path.join(engineDir(), 'package.json'));
  const modules = new Map<string, VirtualModule>();
  const entryPoints: Record<string, string> = {};
  for (const spec of VENDOR_SPECIFIERS) {
    const names = Object.keys(require(spec) as object).filter((n) => IDENTIFIER.test(n) && n !== 'default');
    const name = entryName(spec);
    modules.set(`vendor/${name}`, {
      contents: `import * as m from '${spec}';\nconst d = m.default ?? m;\nexport default d;\nexport const { ${names.join(', ')} } = d;\n`,
      resolveDir: engineDir(),
      loader: 'js',
    });
    entryPoints[name] = `docgen:vendor/${name}`;
  }
  // Entries keep plain names (see vendorUrls), so other bundles can be built at the same time.
  const result = await runBundle({
    ...bundleOptions({ siteDir, modules, platform: 'browser', output: 'memory', react: 'preact', mode: 'development' }),
    entryPoints,
    entryNames: '[name]',
    splitting: true,
  });
  files.clearFolder('vendor');
  files.addOutputs('vendor', result.outputFiles);
  return inputFiles(result.metafile);
}

/** Specifier → URL of its vendor module, known before the vendor bundle exists. */
export function vendorUrls(files: MemoryFiles): Map<string, string> {
  return new Map(VENDOR_SPECIFIERS.map((spec) => [spec, files.urlOf('vendor', `${entryName(spec)}.js`)]));
}

const entryName = (spec: string) => spec.replace(/\//g, '-');
