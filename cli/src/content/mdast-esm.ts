import type { Root, RootContent } from 'mdast';

/**
 * An `import Name from 'source'` node, with the ESTree the MDX compiler reads (plugins that
 * add components must add their import, as Docusaurus's do). Not added when the page already
 * imports that name.
 */
export function ensureDefaultImport(tree: Root, name: string, source: string): void {
  const imported = tree.children.some((n) => n.type === 'mdxjsEsm' && new RegExp(`\\bimport\\s+${name}\\b`).test(n.value));
  if (imported) return;
  const node = {
    type: 'mdxjsEsm',
    value: `import ${name} from ${JSON.stringify(source)};`,
    data: {
      estree: {
        type: 'Program',
        sourceType: 'module',
        body: [{
          type: 'ImportDeclaration',
          specifiers: [{ type: 'ImportDefaultSpecifier', local: { type: 'Identifier', name } }],
          source: { type: 'Literal', value: source, raw: JSON.stringify(source) },
        }],
      },
    },
  } as unknown as RootContent;
  tree.children.unshift(node);
}

/** A side-effect `import 'source';` (a stylesheet the page needs), once per page. */
export function ensureSideEffectImport(tree: Root, source: string): void {
  if (tree.children.some((n) => n.type === 'mdxjsEsm' && n.value.includes(JSON.stringify(source)))) return;
  const node = {
    type: 'mdxjsEsm',
    value: `import ${JSON.stringify(source)};`,
    data: {
      estree: {
        type: 'Program',
        sourceType: 'module',
        body: [{ type: 'ImportDeclaration', specifiers: [], source: { type: 'Literal', value: source, raw: JSON.stringify(source) } }],
      },
    },
  } as unknown as RootContent;
  tree.children.unshift(node);
}
