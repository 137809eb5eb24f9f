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

/**
 * MDX 1 ended a list at two blank lines, so sites indent the closing tag of a block after a
 * list (`- item\n\n\n  </TabItem>`), which MDX 3 reads as part of the last list item, and
 * fails. Line by line outside code: a line that is only a component's JSX tag, after a blank
 * line, loses its indentation. Tried only when the file as written does not parse.
 */
export function dedentJsxBlocks(body: string): string {
  const lines = body.split('\n');
  let fence = '';
  for (let i = 0; i < lines.length; i++) {
    const marker = /^\s*(`{3,}|~{3,})/.exec(lines[i])?.[1];
    if (marker && (!fence || (marker[0] === fence[0] && marker.length >= fence.length))) fence = fence ? '' : marker;
    else if (!fence && i > 0 && lines[i - 1].trim() === '' && /^[ \t]+<\/?[A-Z][\w.]*(?:\s[^<>]*)?\/?>\s*$/.test(lines[i])) lines[i] = lines[i].trimStart();
  }
  return lines.join('\n');
}
