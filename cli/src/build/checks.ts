import { AggregateDocgenError, ContentError } from '../errors.js';
import type { Route } from '../routes/build-routes.js';
import type { ServerBundle } from '../bundle/bundle.js';
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

/** Page components (content/pages/*.tsx) may export `frontMatter = {title, description}`. */
export function applyModuleTitles(routes: Route[], server: ServerBundle, siteTitle: string) {
  routes.forEach((route, i) => {
    if (route.source?.kind !== 'module') return;
    const fm = server.routes[i]?.frontMatter;
    route.page.title = fm?.title ?? siteTitle;
    if (fm?.description) route.page.description = fm.description;
  });
}
