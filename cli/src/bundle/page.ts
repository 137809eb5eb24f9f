import { transform } from 'esbuild';
import path from 'node:path';
import type { PageData } from '@docgen/core/types';
import { routeModule } from './entries.js';
import { evaluateCommonJs } from './evaluate.js';
import type { MemoryFiles } from './memory-files.js';
import { BROWSER_TARGET, bundleOptions, inputFiles, outputName } from './options.js';
import { isStandalone } from './standalone.js';
import { JSX_RUNTIME, RUNTIME_PLACEHOLDER, type StandaloneCode } from '../content/standalone-forms.js';
import { runBundle, type ErrorContext } from './run.js';
import { partialModuleName, type VirtualModule } from './virtual-modules.js';
import type { CompiledPartial } from '../content/partials.js';

/**
 * One page bundled on its own, in memory: how `docgen dev` bundles the page it is asked for
 * (a build bundles all pages at once with the same options, see site.ts).
 */

/** One route's content: compiled MDX, or a page component file (content/pages/*.tsx). */
export interface PageSourceCode {
  siteDir: string;
  /** Compiled MDX (ES module), or null when sourcePath is itself the module. */
  code: string | null;
  sourcePath: string;
  siteRelativePath: string;
  /** Markdown files the page imports, compiled. */
  partials?: CompiledPartial[];
  /** A plain page's CommonJS and browser forms as the compile job printed them: no esbuild at all. */
  standalone?: StandaloneCode;
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
  if (src.standalone) return { exports: evaluateCommonJs(src.standalone.cjs, src.sourcePath), inputs: [] };
  if (standalone(src)) {
    const { code } = await transform(src.code!, { format: 'cjs', loader: 'js', target: 'node20' });
    return { exports: evaluateCommonJs(code, src.sourcePath), inputs: [] };
  }
  const spec = JSON.stringify(entry(src));
  const options = bundleOptions({ siteDir: src.siteDir, modules: contentModule(src), platform: 'node', output: 'memory', react: 'external', mode: 'development' });
  const result = await runBundle(
    {
      ...options,
      stdin: { contents: `export * from ${spec};\nexport { default } from ${spec};`, resolveDir: options.absWorkingDir!, loader: 'js', sourcefile: 'docgen-dev-node-entry.js' },
      // Asset URLs point where the browser bundle of the page serves them.
      publicPath: files.urlOf('media', ''),
    },
    errorContext(src),
  );
  const js = result.outputFiles.find((f) => f.path.endsWith('.cjs'))!;
  return { exports: evaluateCommonJs(js.text, src.sourcePath), inputs: inputFiles(result.metafile) };
}

/** The route's client chunk: an ES module exporting `default` (Content) and `page`. */
export async function bundlePageForBrowser(src: PageSourceCode, page: PageData, files: MemoryFiles, vendor: Map<string, string>): Promise<BrowserChunk> {
  if (src.standalone) {
    const runtime = JSON.stringify(vendor.get(JSX_RUNTIME)!);
    return { code: src.standalone.esm.replaceAll(JSON.stringify(RUNTIME_PLACEHOLDER), runtime) + routeModule(null, page), css: [], inputs: [] };
  }
  if (standalone(src)) {
    const runtime = JSON.stringify(vendor.get(JSX_RUNTIME)!);
    const code = src.code!.replaceAll(`"${JSX_RUNTIME}"`, runtime).replaceAll(`'${JSX_RUNTIME}'`, runtime);
    const esm = await transform(code, { format: 'esm', loader: 'js', target: BROWSER_TARGET });
    return { code: esm.code + routeModule(null, page), css: [], inputs: [] };
  }
  const options = bundleOptions({ siteDir: src.siteDir, modules: contentModule(src), platform: 'browser', output: 'memory', react: 'external', vendor, mode: 'development' });
  const result = await runBundle(
    {
      ...options,
      stdin: { contents: routeModule(entry(src), page), resolveDir: options.absWorkingDir!, loader: 'js' },
      publicPath: files.urlOf('media', ''),
    },
    errorContext(src),
  );
  const js = result.outputFiles.find((f) => f.path.endsWith('.js'))!;
  const others = result.outputFiles.filter((f) => f !== js);
  const urls = files.addOutputs('media', others);
  const css = others.filter((f) => f.path.endsWith('.css')).map((f) => urls.get(outputName(f))!);
  return { code: js.text, css, inputs: inputFiles(result.metafile) };
}

/**
 * Plain MDX (its module imports only the JSX runtime, no partials) needs no bundler, as in a
 * build (standalone.ts): one esbuild transform, without resolving anything, is a few
 * milliseconds less on every save.
 */
const standalone = (src: PageSourceCode) => src.code !== null && !src.partials?.length && isStandalone(src.code);

const entry = (src: PageSourceCode) => (src.code === null ? src.sourcePath : CONTENT);

function contentModule(src: PageSourceCode): Map<string, VirtualModule> {
  if (src.code === null) return new Map();
  const modules = new Map<string, VirtualModule>([['content', { contents: src.code, resolveDir: path.dirname(src.sourcePath), loader: 'js' }]]);
  for (const p of src.partials ?? []) modules.set(partialModuleName(p.path), { contents: p.code, resolveDir: path.dirname(p.path), loader: 'js' });
  return modules;
}

/** Errors inside generated code point at the page's import line. */
const errorContext = (src: PageSourceCode): ErrorContext => ({ siteDir: src.siteDir, page: { file: src.siteRelativePath, absolutePath: src.sourcePath } });
