import path from 'node:path';
import type { Root } from 'mdast';
import { visit } from 'unist-util-visit';
import type { VFile } from 'vfile';
import { fileData, type DocgenFileData } from './types.js';

const PARTIAL = /\bimport\s+([\w$]+)\s+from\s+(["'])((?:\.{1,2}|@site)\/[^"']+\.mdx?)\2/g;

/**
 * Records the Markdown files a page imports (`import Snippet from './_snippet.mdx'`):
 * the compile step compiles each of them as a partial (links, images, plugins, as a page),
 * and the bundler serves the result where the import points. Where each is rendered
 * (`<Snippet />`) is noted by how many TOC headings come before it: its headings join the
 * page's TOC there, as in Docusaurus.
 */
export function remarkPartials() {
  return (tree: Root, file: VFile) => {
    const data = fileData(file);
    const byName = new Map<string, DocgenFileData['partials'][number]>();
    visit(tree, 'mdxjsEsm', (node) => {
      for (const m of node.value.matchAll(PARTIAL)) {
        const before = node.value.slice(0, m.index).split('\n');
        const start = node.position?.start ?? { line: 1, column: 1 };
        // The string's value: a Markdown formatter may have escaped it ('./\\_snippet.mdx').
        const specifier = m[3].replace(/\\(.)/g, '$1');
        const partial = {
          name: m[1],
          specifier,
          path: specifier.startsWith('@site/') && data.siteDir
            ? path.resolve(data.siteDir, specifier.slice('@site/'.length))
            : path.resolve(path.dirname(data.sourcePath), specifier),
          line: start.line + before.length - 1,
          column: before.length === 1 ? start.column + m.index! : before[before.length - 1].length + 1,
          slots: [] as number[],
        };
        data.partials.push(partial);
        byName.set(m[1], partial);
      }
    });
    if (byName.size === 0) return;
    let headings = 0;
    visit(tree, (node) => {
      if (node.type === 'heading' && node.depth >= 2) headings++;
      else if ((node.type === 'mdxJsxFlowElement' || node.type === 'mdxJsxTextElement') && node.name && byName.has(node.name)) byName.get(node.name)!.slots.push(headings);
    });
  };
}
