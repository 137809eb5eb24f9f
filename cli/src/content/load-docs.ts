import { readFileSync } from 'node:fs';
import path from 'node:path';
import { ContentError, DocgenError } from '../errors.js';
import { DEFAULT_CATEGORY_FILE, findCategoryFile, readCategoryMeta, type CategoryMeta } from './category.js';
import { parseFrontMatter, type FrontMatter } from './front-matter.js';
import { folderPrefix, scanFiles, stripNumberPrefix } from './scan.js';
import { globMatcher } from '../utils/glob.js';

export const DOC_EXTENSIONS = ['.md', '.mdx'];

/** One doc source file with what the route table needs (before MDX compile). */
export interface DocSource {
  /** Doc id: folder path without number prefixes + file id, e.g. 'bm/check-bm'. */
  id: string;
  absolutePath: string;
  /** Path relative to the site folder, for messages. */
  siteRelativePath: string;
  /** Path relative to the docs root, e.g. '02-bm/check-bm.mdx'. */
  relativePath: string;
  frontMatter: FrontMatter;
  body: string;
  /** Front matter title, else the first '# heading', else the file id. */
  title: string;
  /** True when the body's first heading is the title (the theme then skips its own h1). */
  titleFromHeading: boolean;
  /** URL path below the docs base, e.g. 'bm/check-bm' ('' for the docs root index). */
  slug: string;
  position?: number;
  /** index.md, README.md or a file named like its folder (Docusaurus's convention): the folder's own page. */
  isCategoryIndex: boolean;
  /**
   * Docusaurus's URL of the doc ends with '/' (an index doc's slug is its folder's, or the
   * front matter slug says so): the browser resolves its relative links inside that folder.
   */
  folderUrl: boolean;
}

/** A folder of the docs tree. */
export interface CategoryNode {
  /** Relative folder path with prefixes ('' for the root). */
  dir: string;
  /** Folder name without number prefix. */
  name: string;
  meta: CategoryMeta | null;
  /** The default locale's label: a generated index keeps its URL in every locale (Docusaurus slugs before translating). */
  slugLabel?: string;
  /** Name of its category file (`_category_.json` / `.yml` / `.yaml`), for messages. */
  metaFile: string;
  position?: number;
  categories: CategoryNode[];
  docs: DocSource[];
}

export interface DocsTree {
  root: CategoryNode;
  docs: DocSource[];
  /** Files that could not be read: the rest of the tree is still usable. */
  errors: DocgenError[];
  /** Ids of drafts left out of this build (a sidebars file may still name them). */
  draftIds?: Set<string>;
}

export interface LoadDocsOptions {
  includeDrafts?: boolean;
  /** How a file is read (readDoc); `docgen dev` reuses what its previous start read (dev/doc-cache.ts). */
  readDoc?: typeof readDoc;
  /** How a folder's category file is read (readCategoryMeta); dev's doc cache keeps those too. */
  readCategory?: typeof readCategoryMeta;
  /** Docusaurus's docs `include`/`exclude` globs, relative to the docs folder. */
  include?: string[];
  exclude?: string[];
}

/**
 * Reads one docs folder (one locale, one version). A bad file is recorded in `errors` and
 * skipped, so the build can go on and report every mistake of the site at once.
 */
export function loadDocsTree(docsRoot: string, siteDir: string, opts: LoadDocsOptions = {}): DocsTree {
  const errors: DocgenError[] = [];
  const root: CategoryNode = { dir: '', name: '', meta: null, metaFile: '_category_.json', categories: [], docs: [] };
  const folders = new Map<string, CategoryNode>([['', root]]);
  const folder = (dir: string): CategoryNode => {
    const existing = folders.get(dir);
    if (existing) return existing;
    const parent = folder(path.posix.dirname(dir) === '.' ? '' : path.posix.dirname(dir));
    const raw = path.posix.basename(dir);
    const { name, position } = stripNumberPrefix(raw);
    let meta: CategoryMeta | null = null;
    // Looked for once: each lookup is up to three existsSync calls, for every folder.
    const metaFile = findCategoryFile(path.join(docsRoot, dir));
    try {
      meta = (opts.readCategory ?? readCategoryMeta)(path.join(docsRoot, dir), siteDir, metaFile);
    } catch (error) {
      errors.push(error as DocgenError);
    }
    const node: CategoryNode = { dir, name, meta, metaFile: metaFile ?? DEFAULT_CATEGORY_FILE, position: meta?.position ?? position, categories: [], docs: [] };
    parent.categories.push(node);
    folders.set(dir, node);
    return node;
  };

  const docs: DocSource[] = [];
  const draftIds = new Set<string>();
  // Docusaurus's docs `include`/`exclude` globs (files and folders starting with _ are always left out).
  const included = opts.include ? globMatcher(opts.include) : () => true;
  const excluded = opts.exclude ? globMatcher(opts.exclude) : () => false;
  // path.relative per file (two path.resolve calls each) was a twentieth of a 10,000-page start;
  // the root's relative path plus the file's is the same ('/'-separated on posix, joined elsewhere).
  const rootFromSite = path.relative(siteDir, docsRoot);
  const sitePrefix = folderPrefix(rootFromSite);
  for (const file of scanFiles(docsRoot, DOC_EXTENSIONS)) {
    if (!included(file.relativePath) || excluded(file.relativePath)) continue;
    const siteRelativePath = path.sep === '/' ? sitePrefix + file.relativePath : path.join(rootFromSite, file.relativePath);
    try {
      const doc = (opts.readDoc ?? readDoc)(file.absolutePath, file.relativePath, siteRelativePath);
      // Drafts are for `docgen dev` only, as in Docusaurus: a build never publishes them.
      if (doc.frontMatter.draft && !opts.includeDrafts) {
        draftIds.add(doc.id);
        continue;
      }
      const dir = path.posix.dirname(file.relativePath);
      folder(dir === '.' ? '' : dir).docs.push(doc);
      docs.push(doc);
    } catch (error) {
      if (!(error instanceof DocgenError)) throw error;
      errors.push(error);
    }
  }
  return { root, docs, errors, draftIds };
}

export function readDoc(absolutePath: string, relativePath: string, siteRelativePath: string): DocSource {
  return docFromSource(readFileSync(absolutePath, 'utf8'), absolutePath, relativePath, siteRelativePath).doc;
}

/** readDoc of a file already read, with how many lines of its body stand for its front matter. */
export function docFromSource(source: string, absolutePath: string, relativePath: string, siteRelativePath: string): { doc: DocSource; bodyLines: number } {
  const { frontMatter, body, bodyLines } = parseFrontMatter(source, siteRelativePath);
  return { doc: docFromParts(frontMatter, body, absolutePath, relativePath, siteRelativePath), bodyLines };
}

/** A doc from its front matter, already parsed and checked, and its body (see docFromSource). */
export function docFromParts(frontMatter: FrontMatter, body: string, absolutePath: string, relativePath: string, siteRelativePath: string): DocSource {
  const ext = path.posix.extname(relativePath);
  const dirs = path.posix.dirname(relativePath) === '.' ? [] : path.posix.dirname(relativePath).split('/');
  const cleanDirs = dirs.map((d) => stripNumberPrefix(d).name);
  const base = stripNumberPrefix(path.posix.basename(relativePath, ext));
  const fileId = frontMatter.id ?? base.name;
  const isCategoryIndex = isConventionalIndex(path.posix.basename(relativePath, ext), dirs[dirs.length - 1]);
  const heading = firstHeading(body);
  const title = frontMatter.title ?? heading ?? fileId;
  let slug: string;
  if (frontMatter.slug !== undefined) {
    slug = frontMatter.slug.startsWith('/') ? frontMatter.slug : [...cleanDirs, frontMatter.slug].join('/');
  } else {
    slug = (isCategoryIndex ? cleanDirs : [...cleanDirs, fileId]).join('/');
  }
  slug = slug.replace(/^\/+|\/+$/g, '');
  if (slug.split('/').some((s) => s === '..' || s === '.')) {
    throw new ContentError({ file: siteRelativePath, line: 1, column: 1 }, `Front matter "slug" must not contain "." or ".." segments (got "${frontMatter.slug}")`);
  }
  const doc: DocSource = {
    id: [...cleanDirs, fileId].join('/'),
    absolutePath,
    siteRelativePath,
    relativePath,
    frontMatter,
    body,
    title,
    titleFromHeading: frontMatter.title === undefined && heading !== undefined,
    slug,
    position: frontMatter.sidebar_position ?? base.position,
    isCategoryIndex,
    folderUrl: frontMatter.slug !== undefined ? frontMatter.slug.endsWith('/') : isCategoryIndex,
  };
  return doc;
}

/**
 * Docusaurus's category index convention: the file is named index, README or like its folder,
 * compared without case and as written, number prefixes included (`01-run-node.md` in
 * `run-node/` is a page of its own, `01-api/01-api.md` the folder's page).
 */
function isConventionalIndex(fileName: string, folder: string | undefined): boolean {
  const lower = fileName.toLowerCase();
  return lower === 'index' || lower === 'readme' || (folder !== undefined && lower === folder.toLowerCase());
}

/**
 * The title a doc's body gives it, read as Docusaurus reads it for the sidebar and metadata:
 * a `# Title` or setext `Title\n===` that opens the body, after any import statements (each
 * block ends at a blank line); a trailing `{#id}` or closing #'s dropped, inline code
 * unwrapped (`` # `app.go` `` → app.go).
 */
function firstHeading(body: string): string | undefined {
  let text = body.trim();
  for (let m; (m = /^import\s[\s\S]*?(?:\r?\n){2,}/.exec(text)); ) text = text.slice(m[0].length);
  text = text.trim();
  const atx = /^#[ \t]+([^ \t].*)(?:\r?\n|$)/.exec(text);
  const setext = atx ? null : /^(.*)\r?\n=+(?:\r?\n|$)/.exec(text);
  const raw = atx ? atx[1].trim().replace(/\s*(?:\{#*[\w-]+\}|#+)$/, '') : setext?.[1].trim().replace(/\s*=+$/, '');
  return raw?.replace(/`([^`]*)`/g, '$1').trim() || undefined;
}
