import type { Root } from 'mdast';
import { visit } from 'unist-util-visit';

/** The theme component (in its MDX components) that carries a page's `<head>` to the document head. */
export const HEAD_COMPONENT = 'MDXHead';

/**
 * Docusaurus lets an MDX page write `<head><title>…</title><meta …/></head>`, which ends up in
 * the HTML head. MDX compiles a lowercase JSX element to that literal element (never to one of
 * the `components`), so `<head>` is renamed to the theme's component here, which moves it there.
 */
export function remarkHeadElement() {
  return (tree: Root) => {
    visit(tree, (node) => {
      if ((node.type === 'mdxJsxFlowElement' || node.type === 'mdxJsxTextElement') && node.name === 'head') node.name = HEAD_COMPONENT;
    });
  };
}
