import type { Code, Root, RootContent } from 'mdast';
import convert from 'npm-to-yarn';
import { visit, SKIP } from 'unist-util-visit';
import { ensureDefaultImport } from '../mdast-esm.js';

/** Docusaurus's default converters and labels (@docusaurus/remark-plugin-npm2yarn). */
const CONVERTERS = [
  { value: 'yarn', label: 'Yarn' },
  { value: 'pnpm', label: 'pnpm' },
] as const;

const attribute = (name: string, value: string) => ({ type: 'mdxJsxAttribute', name, value });

function tabItem(value: string, label: string, code: Code): RootContent {
  return { type: 'mdxJsxFlowElement', name: 'TabItem', attributes: [attribute('value', value), attribute('label', label)], children: [code] } as unknown as RootContent;
}

/**
 * ```bash npm2yarn → npm, Yarn and pnpm tabs (one `groupId="npm2yarn"`, so a reader's pick
 * holds across the site), the commands converted by npm-to-yarn as Docusaurus does.
 */
export function remarkNpm2Yarn() {
  return (tree: Root) => {
    let used = false;
    visit(tree, 'code', (node: Code, index, parent) => {
      if (!parent || index === undefined || !node.meta || !/(?:^|\s)npm2yarn(?=\s|$)/.test(node.meta)) return;
      const meta = node.meta.replace(/(?:^|\s)npm2yarn(?=\s|$)/, '').trim() || null;
      const base = { type: 'code' as const, lang: node.lang, meta, position: node.position };
      const items = [tabItem('npm', 'npm', { ...base, value: node.value })];
      for (const c of CONVERTERS) items.push(tabItem(c.value, c.label, { ...base, value: convert(node.value, c.value) }));
      const tabs = { type: 'mdxJsxFlowElement', name: 'Tabs', attributes: [attribute('groupId', 'npm2yarn')], children: items, position: node.position };
      parent.children.splice(index, 1, tabs as unknown as RootContent);
      used = true;
      return [SKIP, index + 1];
    });
    if (!used) return;
    ensureDefaultImport(tree, 'TabItem', '@theme/TabItem');
    ensureDefaultImport(tree, 'Tabs', '@theme/Tabs');
  };
}
