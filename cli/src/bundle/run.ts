import { readFileSync } from 'node:fs';
import path from 'node:path';
import { build, buildSync, stop, type BuildOptions, type Message, type Metafile, type OutputFile } from 'esbuild';
import { AggregateDocgenError, ContentError } from '../errors.js';
import { engineDir, type VirtualModule } from './virtual-modules.js';
import { unknownThemeComponent } from './theme-overrides.js';

/** What a bundle's errors can be traced back to. */
export interface ErrorContext {
  /** Generated modules: an error inside one points at the line of its source file. */
  modules?: Map<string, VirtualModule>;
  /** The page being bundled: errors in generated code (stdin, `docgen:`) point at its import. */
  page?: { file: string; absolutePath: string };
  /** Real files are named relative to this folder. */
  siteDir?: string;
  /** esbuild's absWorkingDir, which its message locations are relative to (engineDir by default). */
  workingDir?: string;
}

export interface BundleResult {
  outputFiles: OutputFile[];
  metafile: Metafile;
}

/**
 * Runs esbuild. Its errors (a broken import, a syntax error in a component) become
 * ContentErrors at the user's file:line:column, so they are shown like every other mistake.
 */
export async function runBundle(options: BuildOptions, context: ErrorContext = {}): Promise<BundleResult> {
  try {
    const result = await build({ ...options, metafile: true });
    return { outputFiles: result.outputFiles ?? [], metafile: result.metafile! };
  } catch (error) {
    throw bundleFailure(error, options, context);
  }
}

/** esbuild's failure → one AggregateDocgenError of ContentErrors (anything else as it was). */
function bundleFailure(error: unknown, options: BuildOptions, context: ErrorContext): unknown {
  const messages: Message[] = (error as { errors?: Message[] }).errors ?? [];
  if (messages.length === 0) return error;
  return new AggregateDocgenError('Bundling failed:', messages.map((m) => esbuildMessageToError(m, { workingDir: options.absWorkingDir ?? process.cwd(), ...context })), { cause: error });
}

/**
 * runBundle for the few small inputs read while the route table is built (a sidebars
 * file), which is synchronous: same options, same error mapping.
 */
export function runBundleSync(options: BuildOptions, context: ErrorContext = {}): BundleResult {
  try {
    const result = buildSync({ ...options, metafile: true });
    return { outputFiles: result.outputFiles ?? [], metafile: result.metafile! };
  } catch (error) {
    throw bundleFailure(error, options, context);
  }
}

/** The one esbuild message → ContentError mapper. */
export function esbuildMessageToError(m: Message, context: ErrorContext): ContentError {
  const hint = /Could not resolve/.test(m.text) ? '. Check the import path, or install the package.' : '';
  // A Docusaurus-style default import of a theme part docgen has only in its own form: named
  // as the site wrote it, never by a path inside the theme.
  const themePart = /^No matching export in "[^"]*theme[\\/]src[\\/]components[\\/]([^"\\/]+)[\\/]index\.tsx" for import "default"$/.exec(m.text);
  if (themePart) m = { ...m, text: unknownThemeComponent(`@theme/${themePart[1]}`) };
  const loc = m.location;
  const text = m.text + hint;
  const spec = /"([^"]+)"/.exec(m.text)?.[1];
  const generated = loc?.file ? context.modules?.get(loc.file.replace(/^docgen:/, '')) : undefined;
  if (generated?.source) {
    return new ContentError({ file: generated.source.file, ...locate(generated.source.text, spec) }, text);
  }
  if (context.page && (!loc || loc.file.startsWith('docgen:') || loc.file === '<stdin>')) {
    return new ContentError({ file: context.page.file, ...locate(readOrEmpty(context.page.absolutePath), spec) }, text);
  }
  if (!loc) return new ContentError({ file: '(bundle)' }, text);
  const absolute = path.resolve(context.workingDir ?? engineDir(), loc.file);
  const file = context.siteDir ? path.relative(context.siteDir, absolute) : path.relative(process.cwd(), absolute);
  return new ContentError({ file, line: loc.line, column: loc.column + 1 }, text);
}

/** Line and column of the first occurrence of `needle` (an import specifier) in a source text. */
function locate(text: string, needle: string | undefined): { line?: number; column?: number } {
  if (!needle) return {};
  const lines = text.split('\n');
  for (let i = 0; i < lines.length; i++) {
    const column = lines[i].indexOf(needle);
    if (column >= 0) return { line: i + 1, column };
  }
  return {};
}

function readOrEmpty(file: string): string {
  try {
    return readFileSync(file, 'utf8');
  } catch {
    return '';
  }
}

/**
 * Ends esbuild's service process and waits until it is gone, while this process is alive to
 * reap it: left to exit with node, it outlives the build as an orphan (a zombie where nothing
 * reaps orphans, as in containers). A later bundle call starts a new service.
 */
export async function stopBundler(): Promise<void> {
  await stop();
  // esbuild resolves before its process has exited; wait (bounded) for this process's
  // children to go, as Linux lists them (elsewhere the list is empty and this returns at once).
  for (let i = 0; i < 100 && childProcesses().length > 0; i++) await new Promise((r) => setTimeout(r, 10));
}

function childProcesses(): string[] {
  try {
    return readFileSync(`/proc/${process.pid}/task/${process.pid}/children`, 'utf8').trim().split(/\s+/).filter(Boolean);
  } catch {
    return [];
  }
}
