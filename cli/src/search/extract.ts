import type { Root } from 'hast';
import type { SearchSection } from '@docgen/core/search/types';
import { HEAD_COMPONENT } from '../content/head-element.js';

/** Where a partial is rendered, and the text after it (spliceSearchPartials resolves both). */
const PARTIAL_MARK = '\0partial';
const CONTINUED = '\0continued';
/** Sections of an h3 with no h2 before it in its file: rendered from a partial, they take the page's h2. */
const underNoH2 = new WeakSet<SearchSection>();

/**
 * Splits a doc page's final hast tree into search sections: one for the text before the
 * first heading, then one per h2/h3 that carries an id (the anchor a result links to).
 * Deeper headings stay inside their section's text. MDX expressions and ESM are skipped;
 * JSX elements (admonitions, tabs…) contribute their children and a string `title`.
 * `partials`: the names the page renders partials under (`<Snippet />`); each use is marked,
 * for spliceSearchPartials to put the partial's own sections there.
 */
export function extractSearchSections(tree: Root, partials: ReadonlySet<string> = new Set()): SearchSection[] {
  const sections: SearchSection[] = [];
  let current: { anchor: string; headings: string[]; parts: string[]; orphan?: boolean } = { anchor: '', headings: [], parts: [] };
  let h2 = '';

  const flush = () => {
    // Kept even when empty: the part before the first heading carries the page's title
    // and description in the index, and a bare heading is still worth finding.
    const section = { anchor: current.anchor, headings: current.headings, text: collapse(current.parts.join('')) };
    if (current.orphan) underNoH2.add(section);
    sections.push(section);
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
          current = { anchor: id, headings, parts: [], orphan: tag === 'h3' && !h2 };
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
        if (node.name && partials.has(node.name)) {
          flush();
          sections.push({ anchor: PARTIAL_MARK, headings: [node.name], text: '' });
          current = { anchor: CONTINUED, headings: [], parts: [] };
          return;
        }
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

/** A page's or a partial's sections as extracted, with the file each of its partial names imports. */
export interface PartialSections {
  sections: SearchSection[];
  partials: Map<string, string>;
}

/**
 * The sections with each partial's own in place, as the page renders it: the partial's text
 * before its first heading joins the section it is rendered in, its headings start sections of
 * the page, and the page's text after it joins the partial's last section. Nested partials are
 * spliced the same way; one that imports itself, or that did not compile, adds nothing.
 */
export function spliceSearchPartials(own: PartialSections, byFile: ReadonlyMap<string, PartialSections>, within: ReadonlySet<string> = new Set()): SearchSection[] {
  const out: SearchSection[] = [];
  const append = (text: string) => {
    const last = out[out.length - 1];
    if (!text) return;
    if (!last) return void out.push({ anchor: '', headings: [], text });
    const longer = { ...last, text: collapse(`${last.text} ${text}`) };
    if (underNoH2.has(last)) underNoH2.add(longer);
    out[out.length - 1] = longer;
  };
  for (const section of own.sections) {
    if (section.anchor === CONTINUED) append(section.text);
    else if (section.anchor !== PARTIAL_MARK) out.push(section);
    else {
      const file = own.partials.get(section.headings[0]);
      const partial = file === undefined || within.has(file) ? undefined : byFile.get(file);
      if (!partial) continue;
      const [intro, ...rest] = spliceSearchPartials(partial, byFile, new Set([...within, file!]));
      append(intro?.text ?? '');
      // The h2 the partial is rendered under heads its own h3s that have none in the partial.
      const last = out[out.length - 1];
      const h2 = last && !underNoH2.has(last) ? last.headings[0] : undefined;
      out.push(...rest.map((s) => (h2 && underNoH2.has(s) ? { ...s, headings: [h2, ...s.headings] } : s)));
    }
  }
  return out;
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
