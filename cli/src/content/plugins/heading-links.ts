import type { Element, Root } from 'hast';
import { visit } from 'unist-util-visit';

/** Id of the element (rendered once per page by the theme) that holds "Direct link to". */
export const HEADING_LINK_LABEL = 'dg-heading-link-label';

/**
 * A "#" permalink at the end of every h2–h4 with an id, built here rather than by a theme
 * component so it costs no JavaScript. Screen readers hear "Direct link to <heading>": the
 * link is labelled by the theme's translated prefix and the heading itself; the "#" is
 * aria-hidden (and so left out of the search text). CSS shows it on hover and focus.
 */
export function rehypeHeadingLinks() {
  return (tree: Root) => {
    visit(tree, 'element', (node: Element) => {
      if (!/^h[234]$/.test(node.tagName)) return;
      const id = node.properties.id;
      if (typeof id !== 'string' || id === '') return;
      node.properties.className = [...(Array.isArray(node.properties.className) ? node.properties.className.map(String) : []), 'dg-anchor'];
      node.children.push({
        type: 'element',
        tagName: 'a',
        properties: { href: `#${id}`, className: ['dg-hash-link', 'hash-link'], ariaLabelledBy: [HEADING_LINK_LABEL, id] },
        children: [{ type: 'element', tagName: 'span', properties: { ariaHidden: 'true' }, children: [{ type: 'text', value: '#' }] }],
      });
    });
  };
}
