import type { Message } from 'esbuild';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { PageData } from '@docgen/core/types';
import { engineDir, type VirtualModule } from '../bundle/virtual-modules.js';
import { routeModule } from '../build/modules.js';
import { ContentError } from '../errors.js';
import { buildInMemory, devOptions, importHint, inputFiles, nodeBundleOptions, outputName, vendorExternals } from './bundle-options.js';
import type { MemoryFiles } from './memory-files.js';
import { evaluateCommonJs } from './ssr-module.js';

/** One route's content: compiled MDX, or a page component file (content/pages/*.tsx). */
export interface PageSourceCode {
  siteDir: string;
  /** Compiled MDX (ES module), or null when sourcePath is itself the module. */
  code: string | null;
  sourcePath: string;
  siteRelativePath: string;
}

export interface NodePage {
  exports: Record<string, unknown>;
  /** Files the bundle read (the page and what it imports), for invalidation on change. */
  inputs: string[];
}

export interface BrowserChunk {
  code: string;
  /** Stylesheets the content imports (RouteManifest css). */
  css: string[];
  inputs: string[];
}

const CONTENT = 'docgen:content';

/** The page's content module for server rendering, evaluated in this process. */
export async function bundlePageForNode(src: PageSourceCode, files: MemoryFiles): Promise<NodePage> {
  const spec = JSON.stringify(entry(src));
  const result = await buildInMemory(
    nodeBundleOptions(src.siteDir, contentModule(src), `export * from ${spec};\nexport { default } from ${spec};`, files.urlOf('media', '')),
    (m) => toContentError(m, src),
  );
  const js = result.outputFiles.find((f) => f.path.endsWith('.cjs'))!;
  return { exports: evaluateCommonJs(js.text, src.sourcePath), inputs: inputFiles(result.metafile) };
}

/** The route's client chunk: an ES module exporting `default` (Content) and `page`. */
export async function bundlePageForBrowser(src: PageSourceCode, page: PageData, files: MemoryFiles, vendor: Map<string, string>): Promise<BrowserChunk> {
  const options = devOptions(src.siteDir, contentModule(src));
  const result = await buildInMemory(
    {
      ...options,
      stdin: { contents: routeModule(entry(src), page), resolveDir: engineDir(), loader: 'js' },
      plugins: [vendorExternals((s) => vendor.get(s)), ...options.plugins!],
      format: 'esm',
      platform: 'browser',
      target: 'es2020',
      publicPath: files.urlOf('media', ''),
    },
    (m) => toContentError(m, src),
  );
  const js = result.outputFiles.find((f) => f.path.endsWith('.js'))!;
  const others = result.outputFiles.filter((f) => f !== js);
  const urls = files.addOutputs('media', others);
  const css = others.filter((f) => f.path.endsWith('.css')).map((f) => urls.get(outputName(f))!);
  return { code: js.text, css, inputs: inputFiles(result.metafile) };
}

const entry = (src: PageSourceCode) => (src.code === null ? src.sourcePath : CONTENT);

function contentModule(src: PageSourceCode): Map<string, VirtualModule> {
  if (src.code === null) return new Map();
  return new Map([['content', { contents: src.code, resolveDir: path.dirname(src.sourcePath), loader: 'js' }]]);
}

/** esbuild's errors inside compiled MDX point at generated code: name the import's line in the source. */
function toContentError(m: Message, src: PageSourceCode): ContentError {
  const hint = importHint(m);
  const loc = m.location;
  if (!loc || loc.file.startsWith('docgen:') || loc.file === '<stdin>') {
    const at = locateInSource(src.sourcePath, /"([^"]+)"/.exec(m.text)?.[1]);
    return new ContentError({ file: src.siteRelativePath, ...at }, m.text + hint);
  }
  const file = path.relative(src.siteDir, path.resolve(engineDir(), loc.file));
  return new ContentError({ file, line: loc.line, column: loc.column + 1 }, m.text + hint);
}

function locateInSource(file: string, needle: string | undefined): { line?: number; column?: number } {
  if (!needle) return {};
  let lines: string[];
  try {
    lines = readFileSync(file, 'utf8').split('\n');
  } catch {
    return {};
  }
  for (let i = 0; i < lines.length; i++) {
    const column = lines[i].indexOf(needle);
    if (column >= 0) return { line: i + 1, column: column + 1 };
  }
  return {};
}
