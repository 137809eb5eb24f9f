import path from 'node:path';
import { readDoc, type DocSource } from './load-docs.js';
import { scanFiles } from './scan.js';

/** A file of content/pages: a React component (.tsx/.jsx) or a markdown page. */
export interface PageSource {
  /** Route below the locale prefix: 'index.tsx' → '/', 'markdown-page.md' → '/markdown-page'. */
  routePath: string;
  absolutePath: string;
  siteRelativePath: string;
  /** Set for markdown pages. */
  doc?: DocSource;
}

const PAGE_EXTENSIONS = ['.tsx', '.jsx', '.js', '.md', '.mdx'];

/** `read` reads a markdown page as a doc (`docgen dev` passes its doc cache's). */
export function loadPages(pagesDir: string, siteDir: string, read: typeof readDoc = readDoc): PageSource[] {
  return scanFiles(pagesDir, PAGE_EXTENSIONS)
    .filter((f) => !/\.(test|spec)\.[jt]sx?$/.test(f.relativePath))
    .map((f) => {
      const ext = path.posix.extname(f.relativePath);
      const noExt = f.relativePath.slice(0, -ext.length);
      const routePath = '/' + noExt.replace(/(^|\/)index$/, '');
      const siteRelativePath = path.relative(siteDir, f.absolutePath);
      const isMarkdown = ext === '.md' || ext === '.mdx';
      return {
        routePath: routePath.replace(/\/$/, '') || '/',
        absolutePath: f.absolutePath,
        siteRelativePath,
        ...(isMarkdown ? { doc: read(f.absolutePath, f.relativePath, siteRelativePath) } : {}),
      };
    });
}
