import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Metafile } from 'esbuild';
import type { PageData } from '@docgen/core/types';
import { engineDir, partialModuleName, type VirtualModule } from './virtual-modules.js';
import type { Route } from '../routes/build-routes.js';
import type { CompiledRoute } from '../build/compile-stage.js';
import type { ChunkFiles } from './standalone.js';

/**
 * Generated modules: compiled MDX plus the entries of the server and login bundles. The
 * site's own stylesheets (customCss) come after the theme's, so they override it.
 */
export function contentModules(compiled: CompiledRoute[], customCss: string[] = []): Map<string, VirtualModule> {
  const modules = new Map<string, VirtualModule>();
  for (const c of compiled) {
    const source = c.route.source;
    const file = source!.kind === 'mdx' ? source!.doc.absolutePath : source!.page.absolutePath;
    const doc = source!.kind === 'mdx' ? source!.doc : null;
    // Read only to place a bundling error: after the compile the build drops docs' texts (then the file is read; its lines are the text's).
    const origin = doc ? { file: doc.siteRelativePath, get text() { return doc.body || readFileSync(doc.absolutePath, 'utf8'); } } : undefined;
    // Read when esbuild loads it: the build may keep the code on disk (build/code-spill.ts).
    modules.set(c.moduleName, { get contents() { return c.code; }, resolveDir: path.dirname(file), loader: 'js', ...(origin ? { source: origin } : {}) });
    for (const p of c.partials) modules.set(partialModuleName(p.path), { contents: p.code, resolveDir: path.dirname(p.path), loader: 'js' });
  }
  const siteCss = customCss.map((f) => `import ${JSON.stringify(f)};\n`).join('');
  modules.set('client-entry', { contents: `import '@docgen/theme/styles.css';\n${siteCss}import '@docgen/theme/client';\n`, resolveDir: engineDir(), loader: 'js' });
  modules.set('login-entry', { contents: "import '@docgen/theme/login';\n", resolveDir: engineDir(), loader: 'js' });
  // The JSX runtime as its own browser entry: standalone route chunks import it by URL.
  modules.set('jsx-runtime', { contents: "export * from 'react/jsx-runtime';\n", resolveDir: engineDir(), loader: 'js' });
  return modules;
}

/** The import that gives a route its content component, or null for generated pages. */
export function contentImport(route: Route, compiledByRoute: Map<Route, CompiledRoute>): string | null {
  const compiled = compiledByRoute.get(route);
  if (compiled) return `docgen:${compiled.moduleName}`;
  if (route.source?.kind === 'module') return route.source.page.absolutePath;
  return null;
}

/**
 * SSR entry: the theme's server API, the JSX runtime (for standalone pages, evaluated apart)
 * and the content module of every other route, by route index.
 */
export function serverEntry(routes: Route[], compiledByRoute: Map<Route, CompiledRoute>, standalone: Set<number>): string {
  const lines = [
    "export { renderRoute, noFlashScript, mdxComponents, SidebarMemo } from '@docgen/theme/server';",
    "export * as jsxRuntime from 'react/jsx-runtime';",
  ];
  const names: string[] = [];
  routes.forEach((route, i) => {
    const spec = standalone.has(i) ? null : contentImport(route, compiledByRoute);
    if (spec) {
      lines.push(`import * as r${i} from ${JSON.stringify(spec)};`);
      names.push(`r${i}`);
    } else names.push('{}');
  });
  lines.push(`export const routes = [${names.join(', ')}];`);
  return lines.join('\n');
}

/** A route's client chunk: its content component (if any) and its page data. */
export function routeModule(spec: string | null, page: PageData): string {
  return (spec ? `export { default } from ${JSON.stringify(spec)};\n` : '') + `export const page = ${JSON.stringify(page)};\n`;
}

/** A readable, unique-enough chunk name for a route ('/docs/bm/check-bm' → 'docs-bm-check-bm'). */
export function chunkName(routePath: string, i: number): string {
  const slug = routePath
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^a-zA-Z0-9]+/g, '-')
    .slice(-60)
    .replace(/^-+|-+$/g, '');
  return `r/${slug || 'index'}-${i}`;
}

/** Output files of one entry: its file, CSS bundle and every module it statically imports. */
export function entryOutputs(metafile: Metafile, entryPoint: string): ChunkFiles {
  const outputs = metafile.outputs;
  const js = Object.keys(outputs).find((o) => outputs[o].entryPoint === entryPoint && o.endsWith('.js'));
  if (!js) throw new Error(`docgen: no output for entry ${entryPoint}`);
  const seen = new Set<string>();
  const walk = (file: string) => {
    for (const imp of outputs[file]?.imports ?? []) {
      if (imp.kind !== 'import-statement' || seen.has(imp.path)) continue;
      seen.add(imp.path);
      walk(imp.path);
    }
  };
  walk(js);
  const cssBundle = outputs[js].cssBundle;
  return { js, css: cssBundle ? [cssBundle] : [], imports: [...seen] };
}
