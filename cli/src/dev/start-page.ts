import { createHash, randomUUID } from 'node:crypto';
import { mkdirSync, readdirSync, readFileSync, renameSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { configSourceHash } from '../config/load-config.js';
import { changedStamps, stampFiles, type FileStamp } from '../utils/file-stamps.js';
import type { Route } from '../routes/build-routes.js';
import type { DevSession } from './session.js';
import { begin, startInputs, type Begun } from './start-inputs.js';

/** A page answered before the route table exists: the page the last session showed last. */
export interface StartPage {
  path: string;
  html: string;
}

interface Kept extends StartPage {
  key: string;
  /** Every folder and file under the site (as `walk` lists them), as the kept page was made from them. */
  stamps: FileStamp[];
  /** The id of the inputs kept beside it (start-inputs.ts), for a markdown page. */
  inputs?: string;
}

/** Not the site's content: dependencies, history, docgen's own caches; and at the top, the build's output. */
const SKIPPED = new Set(['node_modules', '.git', '.docgen']);
const SKIPPED_AT_TOP = new Set(['build']);

/**
 * At 10,000 pages the route table is 250–300 ms of a start, before any page can be served.
 * The page a writer had open is kept at close as the next start's first render would make it
 * (start-page's renderAsAtStart: revision-0 URLs), with a stamp of every file and folder in the
 * site; the next start serves it as soon as the config and the theme are loaded and every stamp
 * still holds, then builds the table as before. So the kept page is served only when nothing
 * the route table, the page's compile or its render reads can have changed: no file changed,
 * none added or removed anywhere in the site (a folder's time changes with its entries), the
 * same config (its code and its evaluated value: the environment), theme bundles, docgen and
 * base. Never with the sign-in gate, git dates or staleness banners (time and git decide them).
 * When only the page's own text changed (its file, and its folder's time), the page is
 * rendered again from inputs kept with it (start-inputs.ts): a compile and a render.
 */
export async function keptStartPage(session: DevSession): Promise<StartPage | null> {
  const { siteDir } = session.opts;
  try {
    if (!eligible(session)) return null;
    // First, when the page's own file changed: its compile starts now, on the worker.
    let begun: Begun | null = null;
    try {
      begun = begin(session, inputsOf(siteDir));
    } catch {
      // no inputs kept (a page component's route), or its doc no longer reads: its stamp tells
    }
    const kept = JSON.parse(readFileSync(fileOf(siteDir), 'utf8')) as Kept;
    if (kept.key !== keyOf(session)) return null;
    // Three: the doc, its folder, and proof that something else changed too.
    const changed = changedStamps(kept.stamps, 3);
    if (changed.length === 0) return { path: kept.path, html: kept.html };
    return begun && begun.id === kept.inputs ? await begun.finish(changed) : null;
  } catch {
    // None kept, a config JSON cannot hold (a BigInt), a file cut short, a doc that no longer
    // reads or compiles: start as without a kept page (the page's request shows what is wrong).
    return null;
  }
}

/** True when the last close kept a page (the start then puts off what that page does not need). */
export function startPageKept(siteDir: string): boolean {
  return (statSync(fileOf(siteDir), { throwIfNoEntry: false })?.size ?? 0) > 2;
}

/** Called as the session closes: keeps `route`'s page for the next start, or drops the one kept. */
export async function keepStartPage(session: DevSession, route: Route | undefined, render: (route: Route) => Promise<string>): Promise<void> {
  const { siteDir } = session.opts;
  const file = fileOf(siteDir);
  try {
    // A page shown with a problem anywhere on the board may not be what a clean start renders.
    if (!route || !eligible(session) || session.opts.problems.all().length > 0) throw new Error('nothing to keep');
    const html = await render(route);
    mkdirSync(path.dirname(file), { recursive: true });
    // The page's own file first: the one most likely to have changed by the next start.
    const own = route.source?.kind === 'mdx' ? route.source.doc.absolutePath : route.source?.page.absolutePath;
    const stamps = stampFiles(new Set([...(own ? [own] : []), ...walk(siteDir)]));
    // What the session read must be what is on disk now: a change it has not applied yet
    // (saved a moment before the close) must not be stamped as the kept page's source.
    if (!session.content.docs.agrees(stamps)) throw new Error('changed meanwhile');
    const id = randomUUID();
    const inputs = startInputs(session, route, id);
    if (inputs) writeAtomically(inputsOf(siteDir), inputs);
    const kept: Kept = { key: keyOf(session), path: route.path, html, stamps, ...(inputs ? { inputs: id } : {}) };
    writeAtomically(file, JSON.stringify(kept));
  } catch {
    try {
      writeFileSync(file, '{}'); // an older kept page must not outlive this session's changes
    } catch {
      // no .docgen folder: nothing was kept either
    }
  }
}

function eligible(session: DevSession): boolean {
  const { docs } = session.config;
  return !session.gate && !docs.showLastUpdateTime && !docs.showLastUpdateAuthor && docs.staleAfterDays === undefined;
}

/** Everything a kept page depends on that is not a file of the site. */
function keyOf(session: DevSession): string {
  const self = fileURLToPath(import.meta.url);
  const engine = statSync(self, { throwIfNoEntry: false });
  const config = createHash('sha256').update(JSON.stringify(session.config) ?? '').digest('hex');
  return JSON.stringify([self, engine?.size, engine?.mtimeMs, configSourceHash(session.config), config, session.base, session.appAssets(), session.themeStamp()]);
}

/** The site's folders and files, depth first, with the parts docgen writes or never reads left out. */
function walk(siteDir: string): string[] {
  const out: string[] = [siteDir];
  const visit = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      if (SKIPPED.has(entry.name) || (dir === siteDir && SKIPPED_AT_TOP.has(entry.name))) continue;
      const full = path.join(dir, entry.name);
      out.push(full);
      if (entry.isDirectory()) visit(full);
    }
  };
  visit(siteDir);
  return out;
}

function writeAtomically(file: string, text: string): void {
  const tmp = `${file}.${process.pid}.tmp`;
  writeFileSync(tmp, text);
  renameSync(tmp, file);
}

const fileOf = (siteDir: string) => path.join(siteDir, '.docgen', 'cache', 'dev-start-page.json');
const inputsOf = (siteDir: string) => path.join(siteDir, '.docgen', 'cache', 'dev-start-inputs.json');
