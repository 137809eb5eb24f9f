import { existsSync } from 'node:fs';
import path from 'node:path';
import { readCategoryMeta } from './category.js';
import { DocgenError } from '../errors.js';
import { readDoc, type CategoryNode, type DocSource, type DocsTree } from './load-docs.js';

/**
 * A locale's docs: the default locale's tree with each file replaced by its translation
 * (same relative path under `localeRoot`) when one exists. Missing translations fall back
 * to the default locale's doc and are reported in `fallback`; so does a translation that
 * cannot be read, its mistake recorded in the tree's `errors` (the locale's other pages go on).
 */
export function overlayTranslations(base: DocsTree, localeRoot: string, siteDir: string): { tree: DocsTree; fallback: Set<DocSource> } {
  const fallback = new Set<DocSource>();
  const docs: DocSource[] = [];
  const errors: DocgenError[] = [];
  const translation = (file: string, doc: DocSource): DocSource | undefined => {
    try {
      return readDoc(file, doc.relativePath, path.relative(siteDir, file));
    } catch (error) {
      if (!(error instanceof DocgenError)) throw error;
      errors.push(error);
      return undefined;
    }
  };
  const mapNode = (node: CategoryNode): CategoryNode => ({
    ...node,
    slugLabel: node.meta?.label ?? node.name,
    meta: (existsSync(path.join(localeRoot, node.dir)) && readCategoryMeta(path.join(localeRoot, node.dir), siteDir)) || node.meta,
    docs: node.docs.map((doc) => {
      const translatedPath = path.join(localeRoot, doc.relativePath);
      const result = (existsSync(translatedPath) && translation(translatedPath, doc)) || doc;
      if (result === doc) fallback.add(doc);
      docs.push(result);
      return result;
    }),
    categories: node.categories.map(mapNode),
  });
  const root = mapNode(base.root);
  return { tree: { root, docs, errors }, fallback };
}
