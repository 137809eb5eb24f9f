import { AggregateDocgenError, ContentError } from '../errors.js';
import type { PageData } from '@docgen/core/types';
import type { Route, RouteTable } from '../routes/build-routes.js';
import { resolvePage } from '../routes/resolve-page.js';
import type { ServerBundle } from '../bundle/site.js';
import type { CompiledRoute } from './compile-stage.js';

/** A capitalised JSX element neither imported by the page nor provided by the theme. */
export function checkUnknownComponents(compiled: CompiledRoute[], mdxComponents: Record<string, unknown>) {
  const known = new Set(Object.keys(mdxComponents ?? {}));
  const errors: ContentError[] = [];
  for (const c of compiled) {
    const file = c.route.source?.kind === 'mdx' ? c.route.source.doc.siteRelativePath : c.route.path;
    for (const jsx of c.data.jsx) {
      if (known.has(jsx.name.split('.')[0])) continue;
      errors.push(new ContentError({ file, line: jsx.line, column: jsx.column },
        `Unknown JSX component <${jsx.name}>. Import it at the top of the file (import ${jsx.name} from '@site/src/components/${jsx.name}') or use one the theme provides: ${[...known].sort().join(', ')}.`));
    }
  }
  // The same component in one file is one mistake: report each position anyway, they are distinct fixes.
  if (errors.length) throw new AggregateDocgenError(`${errors.length} unknown component${errors.length > 1 ? 's' : ''}:`, errors);
}

/**
 * The page data each route renders with (by route index): compiled headings and page
 * components' `frontMatter` titles applied, the route table left as it was.
 */
export function resolvePages(table: RouteTable, compiledByRoute: Map<Route, CompiledRoute>, server: ServerBundle, siteTitle: string): PageData[] {
  return table.routes.map((route, i) => {
    const isModule = route.source?.kind === 'module';
    return resolvePage(route.page, { toc: compiledByRoute.get(route)?.toc, frontMatter: isModule ? server.routes[i]?.frontMatter : undefined }, siteTitle, isModule);
  });
}
