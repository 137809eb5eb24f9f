import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { SidebarItem, SiteData } from '@docgen/core/types';
import { docFromSource, type DocSource } from '../content/load-docs.js';
import { linkContextFromText, linkContextText } from '../content/link-context-message.js';
import type { Route } from '../routes/build-routes.js';
import { docOfHead, headOf, holdsDates, type DocHead } from './doc-cache.js';
import { onlyTextChanged } from './doc-shape.js';
import { renderAsAtStart, warmRenderer, type RouteParts } from './render-page.js';
import type { DevSession } from './session.js';
import type { StartPage } from './start-page.js';
import { changedStamps, stampFiles, type FileStamp } from '../utils/file-stamps.js';

/**
 * What the kept start page was rendered from besides its own text: enough to render it again
 * when that text is all that changed while dev was stopped (a writer's last edit, undone or
 * redone in an editor or by git). Kept beside the page, in its own file, as three lines: this
 * (JSON), the link context (the text the compile worker is sent) and the sidebar (JSON). An
 * unchanged start never reads it; at 10,000 pages the last two are 2.6 and 2.9 MB.
 */
interface StartInputs {
  /** The kept page's `inputs`: the two files were written by the same close. */
  id: string;
  /** The doc's stamp as it was read. */
  own: FileStamp;
  route: Omit<Route, 'source'>;
  /** The page's doc as the routes read it, without its text. */
  doc: Omit<DocSource, 'body'>;
  /** Its front matter block, to read the changed file without the YAML parser; null when its front matter holds dates (JSON has none). */
  head: DocHead | null;
  site: SiteData;
  /** The entries of the doc's folder: an editor that saves by renaming changes the folder's time, not its entries. */
  listing: string[];
}

/** The inputs of a markdown route as the session holds them now (its doc is on disk as read); null for any other route. */
export function startInputs(session: DevSession, route: Route, id: string): string | null {
  if (route.source?.kind !== 'mdx') return null;
  const { body, ...doc } = route.source.doc;
  const { source: _source, ...rest } = route;
  const { content } = session;
  const source = readFileSync(doc.absolutePath, 'utf8');
  const read = docFromSource(source, doc.absolutePath, doc.relativePath, doc.siteRelativePath);
  const head = read.doc.body === body && !holdsDates(doc.frontMatter) ? headOf(source, read.doc, read.bodyLines) : null;
  const [own] = stampFiles([doc.absolutePath]);
  const inputs: StartInputs = { id, own, route: rest, doc, head, site: content.siteData.get(route.locale)!, listing: listing(path.dirname(doc.absolutePath)) };
  const sidebar = route.sidebarKey ? content.table.sidebars.get(route.sidebarKey) ?? null : null;
  return `${JSON.stringify(inputs)}\n${linkContextText(route.source.links.routeByFile)}\n${JSON.stringify(sidebar)}`;
}

/** A start page begun by `begin`: finished once the stamps that no longer hold are known. */
export interface Begun {
  /** The close that kept the inputs (the kept page names it). */
  id: string;
  finish(changed: string[]): Promise<StartPage | null>;
}

/**
 * The kept page rendered again with its doc's text as it is now, begun before anything else
 * of the kept page is read: when the doc's own file changed, it is read and its compile is
 * started on the worker, which compiles while this thread checks the site's stamps. It is
 * served only when the stamps that no longer hold are the doc's own and its folder's (with
 * the same entries), and the doc's front matter, title and derived description are
 * unchanged: then the route table a start builds is the one the page was kept with, and so
 * are its site data, sidebar and link context. Null when there is nothing to render again
 * (no inputs, or the doc unchanged: the kept HTML holds) or the doc's change is more than
 * its text; a compile begun for nothing only warms the worker up.
 */
export function begin(session: DevSession, file: string): Begun | null {
  const buffer = readFileSync(file);
  // Decoded in parts, each when needed: at 10,000 pages the file is 5.6 MB.
  const first = buffer.indexOf(10);
  const second = first < 0 ? -1 : buffer.indexOf(10, first + 1);
  if (second < 0) return null;
  const inputs = JSON.parse(buffer.toString('utf8', 0, first)) as StartInputs;
  if (changedStamps([inputs.own], 1).length === 0) return null;
  const { doc } = inputs;
  const source = readFileSync(doc.absolutePath, 'utf8');
  const fresh = (inputs.head && docOfHead(inputs.head, doc.frontMatter, source, doc)?.doc) || docFromSource(source, doc.absolutePath, doc.relativePath, doc.siteRelativePath).doc;
  if (!onlyTextChanged({ ...doc, body: '' }, fresh, inputs.route.page.description)) return null;
  const links = linkContextFromText(buffer.toString('utf8', first + 1, second));
  const route: Route = { ...inputs.route, source: { kind: 'mdx', doc: fresh, links: { routeByFile: links } } };
  let built = false;
  void session.content.pages.prepare(route).finally(() => (built = true)).catch(() => undefined);
  const finish = async (changed: string[]) => {
    const folder = path.dirname(doc.absolutePath);
    const folderSame = () => JSON.stringify(listing(folder)) === JSON.stringify(inputs.listing);
    if (!changed.every((f) => f === doc.absolutePath || (f === folder && folderSame()))) return null;
    const sidebar = JSON.parse(buffer.toString('utf8', second + 1)) as SidebarItem[] | null;
    const parts: RouteParts = { site: inputs.site, sidebar };
    await new Promise((resolve) => setImmediate(resolve)); // the worker's answer, if it came meanwhile
    // While the worker still compiles, this thread renders the layout once: React's first
    // render of a process is slow, and the sidebar's other categories are then kept (memo).
    if (!built) warmRenderer(session, route, parts);
    return { path: route.path, html: await renderAsAtStart(session, route, parts) };
  };
  return { id: inputs.id, finish };
}

function listing(folder: string): string[] {
  return readdirSync(folder).sort();
}
