import type { ModuleDeclaration, Program, Statement } from 'estree';
import { declaredNames } from './standalone-forms.js';

/** A page's import and export statements, and the names they bring into its scope. */
export interface PageEsm {
  statements: Array<Statement | ModuleDeclaration>;
  scope: Set<string>;
}

/**
 * The statements of a page's `mdxjsEsm` nodes, in order, as MDX places them (after the JSX
 * runtime's import): imports, and exports of declarations. Anything recma-document treats
 * otherwise (a default export, which is the page's layout; a re-export `from` another module;
 * `export *`), rewrites (JSX, which becomes `_jsx` calls) or prints otherwise (comments)
 * gives null, and the page takes MDX's path.
 */
export function pageEsm(nodes: Array<{ data?: { estree?: Program | null } }>): PageEsm | null {
  const statements: PageEsm['statements'] = [];
  const scope = new Set<string>();
  for (const node of nodes) {
    const estree = node.data?.estree;
    if (!estree || (estree.comments?.length ?? 0) > 0 || hasJsx(estree)) return null;
    for (const statement of estree.body) {
      if (statement.type === 'ImportDeclaration') {
        for (const s of statement.specifiers) scope.add(s.local.name);
      } else if (statement.type === 'ExportNamedDeclaration' && !statement.source && statement.declaration) {
        for (const name of declaredNames(statement.declaration)) scope.add(name);
      } else return null;
      statements.push(statement);
    }
  }
  return { statements, scope };
}

/** Whether any node below `node` is JSX. */
function hasJsx(node: unknown): boolean {
  if (Array.isArray(node)) return node.some(hasJsx);
  if (!node || typeof node !== 'object') return false;
  const type = (node as { type?: unknown }).type;
  if (typeof type === 'string' && type.startsWith('JSX')) return true;
  for (const [key, value] of Object.entries(node)) if (key !== 'loc' && key !== 'range' && typeof value === 'object' && hasJsx(value)) return true;
  return false;
}
