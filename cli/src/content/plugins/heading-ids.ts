import type { Root, Heading } from 'mdast';
import GithubSlugger from 'github-slugger';
import { toString } from 'mdast-util-to-string';
import { visit } from 'unist-util-visit';
import type { VFile } from 'vfile';
import { fileData } from './types.js';

/**
 * Gives every heading an id ({#custom-id} when written, else a GitHub-style slug that keeps
 * accents), collects the table of contents, and lifts a leading '# title' out of the body.
 */
export function remarkHeadingIds() {
  return (tree: Root, file: VFile) => {
    const data = fileData(file);
    const slugger = new GithubSlugger();
    const firstContent = tree.children.findIndex((n) => n.type !== 'mdxjsEsm' && n.type !== 'yaml');
    const first = tree.children[firstContent];
    if (first && first.type === 'heading' && first.depth === 1) {
      data.h1 = toString(first);
      tree.children.splice(firstContent, 1);
    }
    visit(tree, 'heading', (node: Heading) => {
      const text = toString(node).trim();
      const custom = node.position ? data.customIds.get(node.position.start.line) : undefined;
      const id = custom ?? slugger.slug(text);
      if (custom) slugger.slug(custom); // reserve it, so a later same-text heading gets -1
      node.data = { ...node.data, hProperties: { ...(node.data?.hProperties ?? {}), id } };
      if (node.depth >= 2) data.toc.push({ id, value: text, level: node.depth });
    });
  };
}
