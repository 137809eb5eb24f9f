import type { Code, Root, RootContent } from 'mdast';
import { visit, SKIP } from 'unist-util-visit';
import type { VFile } from 'vfile';
import { ensureDefaultImport } from '../mdast-esm.js';
import { fileData } from './types.js';

/**
 * Replaces the fences `attributesOf` accepts with a theme component (`<Local {...attributes} />`),
 * imported by the page from `source` only when one is used: only pages with such a fence load it.
 */
function fencesToComponent(tree: Root, local: string, source: string, attributesOf: (node: Code) => Record<string, string | undefined> | null): void {
  let used = false;
  visit(tree, 'code', (node: Code, index, parent) => {
    const props = attributesOf(node);
    if (!props || !parent || index === undefined) return;
    const attributes = Object.entries(props).filter(([, value]) => value).map(([name, value]) => ({ type: 'mdxJsxAttribute', name, value }));
    const element = { type: 'mdxJsxFlowElement', name: local, attributes, children: [], position: node.position };
    parent.children.splice(index, 1, element as unknown as RootContent);
    used = true;
    return [SKIP, index + 1];
  });
  if (used) ensureDefaultImport(tree, local, source);
}

/**
 * ```mermaid fences → the theme's Mermaid diagram when the site turns `markdown.mermaid` on
 * (as Docusaurus does; otherwise they stay code). Mermaid itself loads lazily in the browser.
 */
export function remarkMermaid() {
  return (tree: Root, file: VFile) => {
    if (fileData(file).mermaid) fencesToComponent(tree, 'DocgenMermaid', '@theme/Mermaid', (node) => (node.lang === 'mermaid' ? { value: node.value } : null));
  };
}

/**
 * ```go reference fences (docusaurus-theme-github-codeblock, when the site turns
 * `markdown.codeReferences` on): the fence holds a GitHub file URL, shown by the theme's
 * ReferenceCodeBlock (the lines fetched in the browser, a link to the file). Its `title="…"`
 * is kept; without one the block is titled with the file's path.
 */
export function remarkCodeReferences() {
  return (tree: Root, file: VFile) => {
    if (!fileData(file).codeReferences) return;
    fencesToComponent(tree, 'DocgenReferenceCodeBlock', '@theme/ReferenceCodeBlock', (node) =>
      node.meta?.split(/\s+/).includes('reference')
        ? { url: node.value.trim(), language: node.lang ?? undefined, title: /title="([^"]*)"/.exec(node.meta)?.[1] }
        : null);
  };
}
