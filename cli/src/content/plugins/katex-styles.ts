import type { Root } from 'mdast';
import { visit, EXIT } from 'unist-util-visit';
import type { VFile } from 'vfile';
import { ensureSideEffectImport } from '../mdast-esm.js';
import { fileData } from './types.js';

/**
 * A page with math, on a site that renders it with rehype-katex, imports KaTeX's stylesheet
 * (and so its fonts): what a Docusaurus site adds by hand in `stylesheets`, here loaded with
 * the pages that have math only.
 */
export function remarkKatexStyles() {
  return (tree: Root, file: VFile) => {
    if (!fileData(file).katex) return;
    let hasMath = false;
    visit(tree, (node) => {
      // remark-math's nodes (a site plugin: not in mdast's own types).
      if ((node.type as string) === 'math' || (node.type as string) === 'inlineMath') {
        hasMath = true;
        return EXIT;
      }
    });
    if (hasMath) ensureSideEffectImport(tree, 'katex/dist/katex.min.css');
  };
}
