import { existsSync } from 'node:fs';
import path from 'node:path';
import type { Root, Link, Definition, Image } from 'mdast';
import { visit } from 'unist-util-visit';
import type { VFile } from 'vfile';
import { fileData } from './types.js';

const FILE_LINK = /^(?![a-z][a-z0-9+.-]*:|\/\/)([^?#]*\.mdx?)(#.*)?$/i;
/** A URL relative to the page: no scheme, not absolute, not only a #fragment or ?query. */
const RELATIVE_URL = /^(?![a-z][a-z0-9+.-]*:|[/#?])./i;

/**
 * Key of the link context holding the folders a .md link may also be relative to, one per
 * line, in the order Docusaurus tries them: the docs folders, then the site (`linkFolders`).
 */
export const LINK_ROOTS_KEY = '\0roots';

/**
 * Relative .md/.mdx links → the route of the target file (its locale and version).
 * A link to a missing file is a "broken markdown link", handled per onBrokenMarkdownLinks.
 * Every link is recorded with its position for the link checker's report. Images are
 * resolved to their hashed public URL; a missing image is an error.
 */
export function remarkLinks() {
  return (tree: Root, file: VFile) => {
    const data = fileData(file);
    visit(tree, (node) => {
      if (node.type === 'link' || node.type === 'definition') rewriteLink(node as Link | Definition, data);
      else if (node.type === 'image') rewriteImage(node as Image, data);
      else if ((node.type === 'mdxJsxFlowElement' || node.type === 'mdxJsxTextElement') && node.name === 'img') {
        const src = node.attributes.find((a) => a.type === 'mdxJsxAttribute' && a.name === 'src');
        if (src && typeof src.value === 'string') {
          const fake = { url: src.value, position: node.position } as Image;
          rewriteImage(fake, data, { jsx: true });
          src.value = fake.url;
        }
      }
    });
  };
}

function rewriteLink(node: Link | Definition, data: ReturnType<typeof fileData>) {
  const line = node.position?.start.line ?? 1;
  const column = node.position?.start.column ?? 1;
  const match = FILE_LINK.exec(node.url);
  if (!match && data.trailingSlash && RELATIVE_URL.test(node.url)) {
    // Docusaurus's page URL ends with '/' here: the browser resolves from inside the page.
    const resolved = new URL(node.url, `http://site${data.routePath.replace(/\/?$/, '/')}`);
    node.url = resolved.pathname + resolved.search + resolved.hash;
  }
  if (match) {
    const linkPath = decodeURIComponent(match[1]);
    const target = path.resolve(path.dirname(data.sourcePath), linkPath);
    const route = linkFolders(linkPath, data).map((dir) => data.routeByFile.get(path.join(dir, linkPath))).find(Boolean);
    if (route) {
      node.url = route + (match[2] ?? '');
    } else if (data.onBrokenMarkdownLinks !== 'ignore' && !existsSync(target)) {
      // A file that exists but has no route could not be read (bad front matter): its own
      // error is the one to report, not a broken link in every page that points at it.
      data.problems.push({
        message: `Broken markdown link "${node.url}": no doc file at ${path.relative(process.cwd(), target)}. Point it at an existing .md/.mdx file of the same docs version.`,
        line,
        column,
        severity: data.onBrokenMarkdownLinks === 'throw' ? 'error' : 'warning',
      });
    }
  }
  // Recorded even when broken: the link ships as written (a 404), so the rendered-link check
  // judges it like any other link under onBrokenLinks / --strict-links.
  data.links.push({ url: node.url, line, column });
}

/**
 * The folders a .md link is tried from, in Docusaurus's order (3.9): `./x.md` and `../x.md`
 * only from the page's folder; `/x.md` only from the docs folders and the site; any other
 * path from the page's folder, then from those.
 */
function linkFolders(linkPath: string, data: ReturnType<typeof fileData>): string[] {
  const here = path.resolve(path.dirname(data.sourcePath));
  if (/^\.\.?\//.test(linkPath)) return [here];
  const roots = data.routeByFile.get(LINK_ROOTS_KEY)?.split('\n') ?? [];
  return linkPath.startsWith('/') ? roots : [here, ...roots];
}

/**
 * A Markdown image must exist (as in Docusaurus, whose build fails on it). A JSX `<img>`,
 * which Docusaurus leaves as written, only warns and keeps its src when docgen cannot find it.
 */
function rewriteImage(node: Image, data: ReturnType<typeof fileData>, opts: { jsx?: boolean } = {}) {
  if (/^(?:[a-z][a-z0-9+.-]*:|\/\/)/i.test(node.url)) return;
  const resolved = data.resolveImage(node.url, data.sourcePath);
  if (resolved === null) {
    data.problems.push({
      message: `Image "${node.url}" not found. Put the file next to the page (relative path) or under content/static (absolute path such as /img/x.png).${opts.jsx ? ' The <img> keeps its src as written.' : ''}`,
      line: node.position?.start.line ?? 1,
      column: node.position?.start.column ?? 1,
      severity: opts.jsx ? 'warning' : 'error',
    });
    return;
  }
  node.url = resolved;
}
