import type { Root, Heading } from 'mdast';
import GithubSlugger from 'github-slugger';
import { toString } from 'mdast-util-to-string';
import { visit } from 'unist-util-visit';
import type { VFile } from 'vfile';
import { fileData } from './types.js';

/**
 * Gives every heading an id ({#custom-id} when written, else a GitHub-style slug that keeps
 * accents), collects the table of contents, and notes a leading '# title' (Docusaurus's
 * rule: it is the page's visible title, so the theme adds no h1 of its own).
 */
/** A heading's text as Docusaurus slugs it: without the directives (`:name`) it restores later. */
function slugText(node: Heading): string {
  // mdast-util-to-string's rule (value, else image alt, else the children), minus the marked text.
  const walk = (n: { value?: unknown; alt?: unknown; children?: unknown[]; data?: { restoredDirective?: boolean } }): string =>
    n.data?.restoredDirective ? '' : typeof n.value === 'string' ? n.value : typeof n.alt === 'string' ? n.alt : (n.children ?? []).map((c) => walk(c as never)).join('');
  return walk(node as never);
}

export function remarkHeadingIds() {
  return (tree: Root, file: VFile) => {
    const data = fileData(file);
    const slugger = new GithubSlugger();
    const first = tree.children.find((n) => n.type !== 'mdxjsEsm' && n.type !== 'yaml');
    if (first && first.type === 'heading' && first.depth === 1) data.h1 = toString(first).trim();
    visit(tree, 'heading', (node: Heading) => {
      // Untrimmed, as Docusaurus slugs it: a heading that starts with a JSX element
      // ("## <Icon /> Install") keeps the leading space, and so the leading '-' of its id.
      const text = slugText(node);
      const custom = node.position ? data.customIds.get(node.position.start.line) : undefined;
      const id = custom ?? slugger.slug(text);
      if (custom) slugger.slug(custom); // reserve it, so a later same-text heading gets -1
      node.data = { ...node.data, hProperties: { ...(node.data?.hProperties ?? {}), id } };
      if (node.depth >= 2) data.toc.push({ id, value: text.trim(), level: node.depth });
    });
  };
}
