import type { Code, Root } from 'mdast';
import type { Element, ElementContent, Root as HastRoot } from 'hast';
import { visit } from 'unist-util-visit';
import { parseCodeLines, parseCodeMeta } from '@docgen/core/code-lines';

/**
 * Fenced code, as Docusaurus reads it: magic comments (`// highlight-next-line`,
 * `highlight-start`/`-end`) are removed from the code (so neither shown nor copied) and mark
 * their lines; `{1,3-4}` marks lines by number; `showLineNumbers[=N]` numbers them. The
 * marks travel to the rehype step on the `code` element (rehypeCodeLines).
 */
export function remarkCodeLines() {
  return (tree: Root) => {
    visit(tree, 'code', (node: Code) => {
      const meta = parseCodeMeta(node.meta);
      const { code, highlighted } = parseCodeLines(node.value, meta.range);
      node.value = code;
      if (highlighted.size === 0 && meta.lineNumbersStart === undefined) return;
      const props: Record<string, string> = {};
      if (highlighted.size > 0) props.dataDocgenHighlight = [...highlighted].join(',');
      if (meta.lineNumbersStart !== undefined) props.dataDocgenLineStart = String(meta.lineNumbersStart);
      node.data = { ...node.data, hProperties: { ...(node.data?.hProperties ?? {}), ...props } };
    });
  };
}

/** After highlighting: each line of a marked block in its own span (highlight, number). */
export function rehypeCodeLines() {
  return (tree: HastRoot) => {
    visit(tree, 'element', (node: Element) => {
      if (node.tagName !== 'code') return;
      const { dataDocgenHighlight: marks, dataDocgenLineStart: start, ...rest } = node.properties;
      if (marks === undefined && start === undefined) return;
      node.properties = rest;
      const highlighted = new Set(String(marks ?? '').split(',').filter(Boolean).map(Number));
      const lines = splitLines(node.children);
      if (lines.length > 1 && lines[lines.length - 1].length === 0) lines.pop(); // the block's final newline
      const first = start === undefined ? null : Number(start);
      if (first !== null) node.properties.className = [...classes(node), 'dg-code--numbered'];
      node.children = lines.map((line, i) => ({
        type: 'element',
        tagName: 'span',
        properties: {
          className: highlighted.has(i + 1) ? ['dg-line', 'dg-line--highlighted'] : ['dg-line'],
          ...(first !== null ? { dataLine: String(first + i) } : {}),
        },
        children: i < lines.length - 1 ? [...line, { type: 'text', value: '\n' }] : line,
      }));
    });
  };
}

const classes = (node: Element) => (Array.isArray(node.properties.className) ? node.properties.className.map(String) : []);

/** Splits highlighted code into lines; a token spanning lines is cut and its spans repeated. */
function splitLines(children: ElementContent[]): ElementContent[][] {
  const lines: ElementContent[][] = [[]];
  const walk = (node: ElementContent, wrap: (c: ElementContent) => ElementContent) => {
    if (node.type === 'text') {
      node.value.split('\n').forEach((part, i) => {
        if (i > 0) lines.push([]);
        if (part) lines[lines.length - 1].push(wrap({ type: 'text', value: part }));
      });
    } else if (node.type === 'element') {
      for (const child of node.children) walk(child, (c) => wrap({ ...node, children: [c] }));
    }
  };
  for (const child of children) walk(child, (c) => c);
  return lines;
}
