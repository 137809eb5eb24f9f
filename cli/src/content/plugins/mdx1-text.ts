import type { Root } from 'mdast';
import type { VFile } from 'vfile';
import { fileData } from './types.js';

type Node = { type: string; value?: string; children?: Node[] };

/**
 * MDX 1 (Docusaurus 2) took JSX blocks, imports and exports from a .md file, but left `{…}`
 * in its Markdown text as text: "Add “{user} is typing”" was a sentence. MDX 3 evaluates it
 * (and the page fails: user is not defined). For such files, an expression outside any JSX
 * element is turned back into its text; inside JSX (`<Tabs>{items}</Tabs>`) it stays code.
 */
export function remarkMdx1Text() {
  return (tree: Root, file: VFile) => {
    if (!fileData(file).literalTextBraces) return;
    const walk = (node: Node) => {
      node.children?.forEach((child, i) => {
        if (child.type === 'mdxTextExpression') node.children![i] = { type: 'text', value: `{${child.value ?? ''}}` };
        else if (child.type === 'mdxFlowExpression') node.children![i] = { type: 'paragraph', children: [{ type: 'text', value: `{${child.value ?? ''}}` }] };
        else if (child.type !== 'mdxJsxFlowElement' && child.type !== 'mdxJsxTextElement') walk(child);
      });
      // One text node, not three: the sentence renders as written.
      if (node.children) node.children = node.children.reduce<Node[]>((out, c) => {
        const last = out[out.length - 1];
        if (c.type === 'text' && last?.type === 'text') last.value = `${last.value ?? ''}${c.value ?? ''}`;
        else out.push(c);
        return out;
      }, []);
    };
    walk(tree as unknown as Node);
  };
}
