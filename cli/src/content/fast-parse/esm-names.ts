import type { RootContent } from 'mdast';
import type { Source } from './source.js';

type MdxjsEsm = Extract<RootContent, { type: 'mdxjsEsm' }>;

interface EsNode {
  type: string;
  start: number;
  end: number;
  specifiers?: EsNode[];
  local?: EsNode & { name?: string };
  imported?: EsNode;
  exported?: EsNode | null;
  loc?: unknown;
  range?: unknown;
}

/**
 * Gives the names of `import { a }` and `export { a }` (one acorn node as both the imported
 * or exported and the local name) the positions a whole micromark parse gives them.
 * micromark-util-events-to-acorn turns each estree node's offsets from its JavaScript's to
 * the page's, and it meets such a node twice: the second time it takes the page offset
 * `E + s` (E where the import/export block starts, s where the name is in it) for an offset
 * in the JavaScript, after the `var a,b\n` that names the imports of the blocks above
 * (`prefix`), clamped to the block, so the name ends up at `E + clamp(E + s - prefix)`. A slice
 * starting at the block has E = 0 there: the name's own place is what it then gets, which
 * the specifier around it (one node each time, of the same span) still has, moved to the page.
 */
export function placeSharedNames(esm: MdxjsEsm[], src: Source): void {
  const defined: string[] = [];
  for (const node of esm) {
    if (!node.data?.estree) continue;
    const esmStart = node.position!.start.offset!;
    const prefix = defined.length ? `var ${defined.join(',')}\n`.length : 0;
    const place = (offset: number) => esmStart + Math.min(Math.max(offset - prefix, 0), node.value.length);
    for (const statement of node.data.estree.body as unknown as EsNode[]) {
      for (const specifier of statement.specifiers ?? []) {
        const shared = specifier.type === 'ImportSpecifier' ? specifier.imported : specifier.type === 'ExportSpecifier' ? specifier.exported : undefined;
        if (!shared || shared !== specifier.local) continue;
        shared.start = place(specifier.start);
        shared.end = place(specifier.end);
        const start = src.point(shared.start);
        const end = src.point(shared.end);
        shared.loc = { start: { line: start.line, column: start.column - 1, offset: start.offset }, end: { line: end.line, column: end.column - 1, offset: end.offset } };
        shared.range = [shared.start, shared.end];
      }
      // micromark-extension-mdxjs-esm names every import's locals to the blocks below.
      if (statement.type === 'ImportDeclaration') defined.push(...(statement.specifiers ?? []).map((s) => s.local!.name!));
    }
  }
}

/** The import/export blocks among `nodes`, in the page's order (a directive container may hold some). */
export function esmNodes(nodes: RootContent[], found: MdxjsEsm[] = []): MdxjsEsm[] {
  for (const node of nodes) {
    if (node.type === 'mdxjsEsm') found.push(node);
    else if ('children' in node) esmNodes(node.children as RootContent[], found);
  }
  return found;
}
