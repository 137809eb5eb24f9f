import type { Root, Element } from 'hast';
import { visit } from 'unist-util-visit';
import { parseCodeMeta } from '@docgen/core/code-lines';

/** ```js title="app.js" → the highlighted <pre> wrapped with a title bar. */
export function rehypeCodeTitles() {
  return (tree: Root) => {
    visit(tree, 'element', (node: Element, index, parent) => {
      if (node.tagName !== 'pre' || !parent || index === undefined) return;
      const code = node.children.find((c): c is Element => c.type === 'element' && c.tagName === 'code');
      const title = parseCodeMeta((code?.data as { meta?: string } | undefined)?.meta).title;
      if (title === undefined) return;
      const wrapper: Element = {
        type: 'element',
        tagName: 'div',
        properties: { className: ['dg-codeblock'] },
        children: [
          { type: 'element', tagName: 'div', properties: { className: ['dg-codeblock__title'] }, children: [{ type: 'text', value: title }] },
          node,
        ],
      };
      parent.children[index] = wrapper;
    });
  };
}
