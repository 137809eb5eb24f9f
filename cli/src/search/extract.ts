import type { Root } from 'hast';
import type { SearchSection } from '@docgen/core/search/types';
import { HEAD_COMPONENT } from '../content/head-element.js';

/**
 * Splits a doc page's final hast tree into search sections: one for the text before the
 * first heading, then one per h2/h3 that carries an id (the anchor a result links to).
 * Deeper headings stay inside their section's text. MDX expressions and ESM are skipped;
 * JSX elements (admonitions, tabs…) contribute their children and a string `title`.
 */
export function extractSearchSections(tree: Root): SearchSection[] {
  const sections: SearchSection[] = [];
  let current: { anchor: string; headings: string[]; parts: string[] } = { anchor: '', headings: [], parts: [] };
  let h2 = '';

  const flush = () => {
    // Kept even when empty: the part before the first heading carries the page's title
    // and description in the index, and a bare heading is still worth finding.
    sections.push({ anchor: current.anchor, headings: current.headings, text: collapse(current.parts.join('')) });
  };

  const visit = (node: AnyNode) => {
    // Always the current section's buffer: a heading met deep in the tree switches it.
    const push = (...text: string[]) => current.parts.push(...text);
    switch (node.type) {
      case 'text':
        push(node.value ?? '');
        return;
      case 'element': {
        const tag = node.tagName ?? '';
        if (SKIPPED_TAGS.has(tag) || isHidden(node)) return;
        const id = node.properties?.id;
        if ((tag === 'h2' || tag === 'h3') && typeof id === 'string' && id) {
          flush();
          const title = collapse(textOf(node));
          if (tag === 'h2') h2 = title;
          const headings = tag === 'h2' || !h2 ? [title] : [h2, title];
          current = { anchor: id, headings, parts: [] };
          return;
        }
        if (tag === 'br') push(' ');
        for (const child of node.children ?? []) visit(child);
        // Block boundaries must not glue words together ("<p>fim</p><p>início</p>").
        if (!INLINE_TAGS.has(tag)) push(' ');
        return;
      }
      case 'mdxJsxFlowElement':
      case 'mdxJsxTextElement': {
        if (node.name === HEAD_COMPONENT) return; // the page's <head>: metadata, not text
        const title = node.attributes?.find((a) => a.type === 'mdxJsxAttribute' && a.name === 'title');
        if (title && typeof title.value === 'string') push(' ', title.value, ' ');
        for (const child of node.children ?? []) visit(child);
        if (node.type === 'mdxJsxFlowElement') push(' ');
        return;
      }
      case 'root':
        for (const child of node.children ?? []) visit(child);
        return;
      default:
        // mdxjsEsm, mdxFlowExpression, mdxTextExpression, comment, doctype: no text.
        return;
    }
  };

  visit(tree as unknown as AnyNode);
  flush();
  return sections;
}

/** The loose shape of the hast + MDX nodes this module reads. */
interface AnyNode {
  type: string;
  value?: string;
  tagName?: string;
  /** JSX element name. */
  name?: string | null;
  properties?: Record<string, unknown>;
  attributes?: { type: string; name?: string; value?: unknown }[];
  children?: AnyNode[];
}

const SKIPPED_TAGS = new Set(['script', 'style', 'template', 'svg', 'button']);

const INLINE_TAGS = new Set([
  'a', 'abbr', 'b', 'bdi', 'bdo', 'cite', 'code', 'data', 'del', 'dfn', 'em', 'i', 'ins', 'kbd', 'mark', 'q',
  's', 'samp', 'small', 'span', 'strong', 'sub', 'sup', 'time', 'u', 'var', 'wbr',
]);

/** Decorations such as heading hash links are aria-hidden: not part of the text. */
function isHidden(node: AnyNode): boolean {
  const hidden = node.properties?.ariaHidden ?? node.properties?.['aria-hidden'];
  return hidden === true || hidden === 'true';
}

function textOf(node: AnyNode): string {
  const parts: string[] = [];
  const walk = (n: AnyNode) => {
    if (n.type === 'text') parts.push(n.value ?? '');
    else if (n.type === 'element' && (SKIPPED_TAGS.has(n.tagName ?? '') || isHidden(n))) return;
    else for (const c of n.children ?? []) walk(c);
  };
  walk(node);
  return parts.join('');
}

function collapse(text: string): string {
  return text.replace(/\s+/g, ' ').trim();
}
