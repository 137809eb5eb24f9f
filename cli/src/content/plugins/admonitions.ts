import type { Root } from 'mdast';
import { visit, SKIP } from 'unist-util-visit';
import { toString } from 'mdast-util-to-string';
import type { VFile } from 'vfile';
import { fileData } from './types.js';

const TYPES = new Set(['note', 'tip', 'info', 'warning', 'danger']);
/**
 * Docusaurus 3's other default keywords: drawn as the type they stand for; the legacy ones
 * (all but caution) titled with their own, untranslated name, as Docusaurus does.
 */
const ALIASES: Record<string, { type: string; title?: string }> = {
  caution: { type: 'warning' },
  secondary: { type: 'note', title: 'secondary' },
  important: { type: 'info', title: 'important' },
  success: { type: 'tip', title: 'success' },
};

/**
 * `:::warning[Title]` container directives → `<admonition type="warning" title="Title">`,
 * rendered by the MDX components map's `admonition` (Docusaurus's key: a site map that
 * replaces `Admonition`, for its own `<Admonition>` tags, leaves these alone). Directives that are not admonitions (a stray
 * `:word` in prose) are turned back into the text they came from.
 */
export function remarkAdmonitions() {
  return (tree: Root, file: VFile) => {
    // A site's own keywords (Docusaurus's docs.admonitions.keywords) are admonitions too.
    const extra = fileData(file).admonitionKeywords ?? [];
    visit(tree, (node, index, parent) => {
      if (node.type !== 'containerDirective' && node.type !== 'leafDirective' && node.type !== 'textDirective') return;
      if (node.type === 'containerDirective' && (TYPES.has(node.name) || Object.hasOwn(ALIASES, node.name) || extra.includes(node.name))) {
        const children = [...node.children];
        let title: string | undefined;
        const first = children[0];
        if (first && first.type === 'paragraph' && (first.data as { directiveLabel?: boolean } | undefined)?.directiveLabel) {
          title = toString(first);
          children.shift();
        }
        const alias = Object.hasOwn(ALIASES, node.name) ? ALIASES[node.name] : undefined;
        // A site's own keyword is drawn as info, Docusaurus's fallback for a type its theme lacks.
        const type = alias?.type ?? (TYPES.has(node.name) ? node.name : 'info');
        title ??= alias?.title;
        const attributes = [{ type: 'mdxJsxAttribute' as const, name: 'type', value: type }];
        if (title) attributes.push({ type: 'mdxJsxAttribute', name: 'title', value: title });
        Object.assign(node, { type: 'mdxJsxFlowElement', name: 'admonition', attributes, children });
        return;
      }
      if (!parent || index === undefined) return;
      // Not ours: restore the literal text so prose like "ex:emplo" survives.
      const prefix = node.type === 'textDirective' ? ':' : node.type === 'leafDirective' ? '::' : ':::';
      const label = toString(node);
      // Marked: Docusaurus restores such text only after slugging headings, so "join:Options"
      // in a heading has the id "join" there (heading-ids.ts leaves the mark out of the slug).
      const text = { type: 'text' as const, value: `${prefix}${node.name}${label ? `[${label}]` : ''}`, data: { restoredDirective: true } };
      if (node.type === 'textDirective') parent.children.splice(index, 1, text as never);
      else parent.children.splice(index, 1, { type: 'paragraph', children: [text] } as never);
      return [SKIP, index + 1];
    });
  };
}
