import type { Code, Root, RootContent } from 'mdast';
import { visit, SKIP } from 'unist-util-visit';
import type { VFile } from 'vfile';
import { ensureDefaultImport } from '../mdast-esm.js';
import { fileData } from './types.js';

/** The local name under which a page imports the theme's Mermaid component. */
const MERMAID = 'DocgenMermaid';

/**
 * ```mermaid fences → the theme's Mermaid diagram when the site turns `markdown.mermaid` on
 * (as Docusaurus does; otherwise they stay code). The component is imported by the page, so
 * only pages with a diagram load it, and it loads mermaid itself lazily in the browser.
 */
export function remarkMermaid() {
  return (tree: Root, file: VFile) => {
    if (!fileData(file).mermaid) return;
    let used = false;
    visit(tree, 'code', (node: Code, index, parent) => {
      if (node.lang !== 'mermaid' || !parent || index === undefined) return;
      const element = { type: 'mdxJsxFlowElement', name: MERMAID, attributes: [{ type: 'mdxJsxAttribute', name: 'value', value: node.value }], children: [], position: node.position };
      parent.children.splice(index, 1, element as unknown as RootContent);
      used = true;
      return [SKIP, index + 1];
    });
    if (used) ensureDefaultImport(tree, MERMAID, '@theme/Mermaid');
  };
}
