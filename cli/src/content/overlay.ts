import { existsSync } from 'node:fs';
import path from 'node:path';
import { readCategoryMeta } from './category.js';
import { readDoc, type CategoryNode, type DocSource, type DocsTree } from './load-docs.js';

/**
 * A locale's docs: the default locale's tree with each file replaced by its translation
 * (same relative path under `localeRoot`) when one exists. Missing translations fall back
 * to the default locale's doc and are reported in `fallback`.
 */
export function overlayTranslations(base: DocsTree, localeRoot: string, siteDir: string): { tree: DocsTree; fallback: Set<DocSource> } {
  const fallback = new Set<DocSource>();
  const docs: DocSource[] = [];
  const mapNode = (node: CategoryNode): CategoryNode => ({
    ...node,
    slugLabel: node.meta?.label ?? node.name,
    meta: (existsSync(path.join(localeRoot, node.dir)) && readCategoryMeta(path.join(localeRoot, node.dir), siteDir)) || node.meta,
    docs: node.docs.map((doc) => {
      const translatedPath = path.join(localeRoot, doc.relativePath);
      let result = doc;
      if (existsSync(translatedPath)) result = readDoc(translatedPath, doc.relativePath, path.relative(siteDir, translatedPath));
      else fallback.add(doc);
      docs.push(result);
      return result;
    }),
    categories: node.categories.map(mapNode),
  });
  const root = mapNode(base.root);
  return { tree: { root, docs, errors: [] }, fallback };
}
