import path from 'node:path';
import type { Root } from 'mdast';
import { visit } from 'unist-util-visit';
import type { VFile } from 'vfile';
import { fileData } from './types.js';

const PARTIAL = /\bimport\s+[\w$]+\s+from\s+(["'])(\.{1,2}\/[^"']+\.mdx?)\1/g;

/**
 * Records the Markdown files a page imports (`import Snippet from './_snippet.mdx'`):
 * the compile step compiles each of them as a partial (links, images, plugins, as a page),
 * and the bundler serves the result where the import points.
 */
export function remarkPartials() {
  return (tree: Root, file: VFile) => {
    const data = fileData(file);
    visit(tree, 'mdxjsEsm', (node) => {
      for (const m of node.value.matchAll(PARTIAL)) {
        const before = node.value.slice(0, m.index).split('\n');
        const start = node.position?.start ?? { line: 1, column: 1 };
        data.partials.push({
          specifier: m[2],
          path: path.resolve(path.dirname(data.sourcePath), m[2]),
          line: start.line + before.length - 1,
          column: before.length === 1 ? start.column + m.index! : before[before.length - 1].length + 1,
        });
      }
    });
  };
}
