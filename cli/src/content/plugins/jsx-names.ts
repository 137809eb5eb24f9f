import type { Root } from 'mdast';
import { visit } from 'unist-util-visit';
import type { VFile } from 'vfile';
import { ensureDefaultImport } from '../mdast-esm.js';
import { fileData } from './types.js';

/** The local name under which a page imports the theme's Details for its `<details>`. */
const DETAILS = 'DocgenDetails';

/**
 * Records capitalised JSX elements that the file does not import or define: they must
 * come from the theme's MDX components, which the build checks once the theme is bundled.
 */
export function remarkJsxNames() {
  return (tree: Root, file: VFile) => {
    const data = fileData(file);
    const local = new Set<string>();
    visit(tree, 'mdxjsEsm', (node) => {
      for (const m of node.value.matchAll(/\b(?:import\s+(?:\{([^}]*)\}|(\w+))|export\s+(?:const|function|let|class)\s+(\w+))/g)) {
        if (m[1]) for (const part of m[1].split(',')) local.add(part.split(/\s+as\s+/).pop()!.trim());
        if (m[2]) local.add(m[2]);
        if (m[3]) local.add(m[3]);
      }
      for (const m of node.value.matchAll(/import\s+(\w+)\s*,\s*\{([^}]*)\}/g)) {
        local.add(m[1]);
        for (const part of m[2].split(',')) local.add(part.split(/\s+as\s+/).pop()!.trim());
      }
      for (const m of node.value.matchAll(/import\s+\*\s+as\s+(\w+)/g)) local.add(m[1]);
    });
    let usesDetails = false;
    visit(tree, (node) => {
      // MDX hands literal lowercase JSX to React as is: `<details>` becomes the theme's
      // Details (as Docusaurus's MDX components render it), imported by the page so its
      // code loads with the pages that use it.
      if ((node.type === 'mdxJsxFlowElement' || node.type === 'mdxJsxTextElement') && (node.name === 'details' || (node.name === 'Details' && !local.has('Details')))) {
        node.name = DETAILS;
        usesDetails = true;
      }
      if ((node.type === 'mdxJsxFlowElement' || node.type === 'mdxJsxTextElement') && node.name && /^[A-Z]/.test(node.name)) {
        const root = node.name.split('.')[0];
        if (node.name === 'Admonition' || node.name === DETAILS || local.has(root)) return;
        data.jsx.push({ name: node.name, line: node.position?.start.line ?? 1, column: node.position?.start.column ?? 1 });
      }
    });
    if (usesDetails) ensureDefaultImport(tree, DETAILS, '@theme/Details');
  };
}
