import type { Root, Heading } from 'mdast';
import GithubSlugger from 'github-slugger';
import { toString } from 'mdast-util-to-string';
import { visit } from 'unist-util-visit';
import type { VFile } from 'vfile';
import { fileData } from './types.js';
import { remark8ReferenceText, type TextSegment } from '../mdx1-references.js';

type TextNode = { type: string; value?: unknown; alt?: unknown; children?: unknown[]; data?: { restoredDirective?: boolean } };

/**
 * A heading's text as Docusaurus slugs it: without the directives (`:name`) it restores later.
 * `mdx1`: as Docusaurus 2 read it, bracketed text being a link reference (content/mdx1-references.ts).
 */
function slugText(node: Heading, mdx1: boolean): string {
  // mdast-util-to-string's rule (value, else image alt, else the children), minus the marked text.
  const segments: TextSegment[] = [];
  const walk = (n: TextNode, inLink: boolean) => {
    if (n.data?.restoredDirective) return;
    if (typeof n.value === 'string') segments.push({ text: n.value, literal: n.type === 'text' && !inLink });
    else if (typeof n.alt === 'string') segments.push({ text: n.alt, literal: false });
    else for (const c of n.children ?? []) walk(c as TextNode, inLink || n.type === 'link' || n.type === 'linkReference');
  };
  walk(node as TextNode, false);
  return mdx1 ? remark8ReferenceText(segments) : segments.map((x) => x.text).join('');
}

/** Whether a heading's source escapes a bracket (`\[`), which its text nodes no longer show: read as CommonMark then. */
const escapesBracket = (node: Heading, source: string) =>
  node.position?.start.offset !== undefined && node.position.end.offset !== undefined && /\\[[\]]/.test(source.slice(node.position.start.offset, node.position.end.offset));

/**
 * Gives every heading an id ({#custom-id} when written, else a GitHub-style slug that keeps
 * accents), collects the table of contents, and notes a leading '# title' (Docusaurus's
 * rule: it is the page's visible title, so the theme adds no h1 of its own).
 */
export function remarkHeadingIds() {
  return (tree: Root, file: VFile) => {
    const data = fileData(file);
    const slugger = new GithubSlugger();
    const first = tree.children.find((n) => n.type !== 'mdxjsEsm' && n.type !== 'yaml');
    if (first && first.type === 'heading' && first.depth === 1) data.h1 = toString(first).trim();
    visit(tree, 'heading', (node: Heading) => {
      // Untrimmed, as Docusaurus slugs it: a heading that starts with a JSX element
      // ("## <Icon /> Install") keeps the leading space, and so the leading '-' of its id.
      const text = slugText(node, data.mdx1References === true && !escapesBracket(node, String(file.value)));
      const custom = node.position ? data.customIds.get(node.position.start.line) : undefined;
      const id = custom ?? slugger.slug(text);
      if (custom) slugger.slug(custom); // reserve it, so a later same-text heading gets -1
      node.data = { ...node.data, hProperties: { ...(node.data?.hProperties ?? {}), id } };
      if (node.depth >= 2) data.toc.push({ id, value: text.trim(), level: node.depth });
    });
  };
}
