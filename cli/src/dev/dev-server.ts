import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { DocgenError } from '../errors.js';
import { dim, green, type Logger } from '../utils/logger.js';
import { formatMs } from '../utils/task.js';
import { applyChanges } from './apply-changes.js';
import { prestartCompileWorker } from './prestart.js';
import { engineDir } from '../bundle/virtual-modules.js';
import { DEV_CLIENT_PATH } from './urls.js';
import { EventHub } from './events.js';
import { LinkChecker } from './link-check.js';
import { ProblemBoard } from './problems.js';
import { createDevHandler } from './request-handler.js';
import { renderChecked } from './render-page.js';
import { warmDocReader } from './doc-cache.js';
import type { Route } from '../routes/build-routes.js';
import { DevSession } from './session.js';
import type { StartPage } from './start-page.js';
import { watchSite, type SiteWatcher } from './watcher.js';
import { trace } from './trace.js';

/** How long after the start the front matter parser warms up when no page was asked for. */
const READER_WARM_DELAY_MS = 1000;

/** How long after an update the changed pages are rendered again for checks. */
const CHECK_DELAY_MS = 50;

export interface DevOptions {
  siteDir: string;
  port: number;
  host: string;
  logger: Logger;
}

export interface RunningDevServer {
  url: string;
  close(): Promise<void>;
}

/**
 * `docgen dev`: 1. listen (a busy port fails before any work) → 2. open the site (config,
 * theme bundles, routes; no page is compiled) → 3. watch. Pages compile when asked for.
 * A mistake never stops the server: it is printed, shown in the browser, and the last good
 * state keeps serving until the file is fixed.
 */
export async function startDevServer(opts: DevOptions): Promise<RunningDevServer> {
  const { logger } = opts;
  trace('dev modules loaded');
  prestartCompileWorker(); // unless the CLI did (index.ts)
  const siteDir = path.resolve(opts.siteDir);
  const serverId = randomBytes(6).toString('hex');
  // Replaced by a config change; read through `current` since closures assign it.
  const current: { session: DevSession | null } = { session: null };

  const hub: EventHub = new EventHub(() => ({ type: 'hello', id: serverId, problems: problems.all(), manifest: current.session?.content.revisions.manifestUrl() ?? null }));
  const problems = new ProblemBoard((all, added, cleared) => {
    for (const p of added) logger.error(p.text);
    if (cleared.length && all.length === 0) logger.info(`${green('✔')} no problems left`);
    hub.send({ type: 'problems', problems: all });
  }, siteDir);
  // Bundled with the CLI (scripts/build-cli.mjs): it depends on nothing of the site.
  const devClient = readFile(path.join(engineDir(), 'dist', 'dev-client.js'), 'utf8');
  devClient.catch(() => undefined);

  // The page the previous run kept (start-page.ts): answered while the first route table is
  // built, then checked against what the new session renders.
  let startPage: StartPage | null = null;
  let markStartChecked!: () => void;
  const startChecked = new Promise<void>((resolve) => (markStartChecked = resolve));
  let opened = false;

  const open = async (): Promise<boolean> => {
    const first = !opened;
    opened = true;
    try {
      const onStartPage = first ? (page: StartPage) => ((startPage = page), markStartChecked()) : undefined;
      const next = await DevSession.open({ siteDir, host: opts.host, logger, problems, onStartPage });
      const previous = current.session;
      current.session = next;
      await previous?.close();
      problems.clear('site');
      return true;
    } catch (error) {
      // Exiting is right only when dev can never work as started (a refused gate setting).
      if (error instanceof DocgenError && /^docgen dev: /.test(error.message)) throw error;
      problems.set('site', error);
      return false;
    }
  };

  // The front matter parser loaded and run once (see warmDocReader), right after the first page
  // was sent: run before it, at 10,000 pages it held a page compiled on the worker back 30 ms.
  let readerWarm = false;
  const warmReader = () => {
    if (readerWarm) return;
    readerWarm = true;
    setImmediate(warmDocReader);
  };

  // 1. Listen
  let markReady!: () => void;
  const ready = new Promise<void>((resolve) => (markReady = resolve));
  const links = new LinkChecker(logger, DEV_CLIENT_PATH);
  // After the browser had its update (it asks for the chunk at once): render the changed pages
  // again so a render error shows in the overlay and a broken link in the terminal, on save.
  const checkLater = (session: DevSession, routes: Route[]) => {
    setTimeout(() => {
      const renders = routes.map((route) => renderChecked(session, route, problems).then((html) => html && links.check(session, route, html)));
      // Pages linking to a changed heading are judged again once the changed pages are known.
      void Promise.allSettled(renders).then(() => links.recheckLinksTo(session, routes));
    }, CHECK_DELAY_MS).unref();
  };
  const server = createServer(
    createDevHandler({
      session: () => current.session,
      ready,
      devClient,
      hub,
      problems,
      rendered: (s, route, html) => {
        links.check(s, route, html);
        warmReader();
      },
      startChecked,
      startPage: (pathname) => (startPage?.path === pathname ? startPage.html : null),
    }),
  );
  await listen(server, opts.port, opts.host);
  trace('listening');
  let watcher: SiteWatcher | null = null;
  const close = async () => {
    await watcher?.close();
    hub.close();
    await closeServer(server);
    await current.session?.close();
  };

  const contentDir = () => path.join(siteDir, current.session?.config.contentDir ?? 'content');
  try {
    // 2. Open the site
    await open();
    const served = startPage as StartPage | null; // set by the session, in a callback
    startPage = null;
    markStartChecked();
    markReady();
    trace('site open');
    if (served && current.session) {
      // What the request would have done after rendering it: the link check, warm-ups.
      const session = current.session;
      const route = await checkStartPage(session, served, logger, hub);
      if (route) {
        links.check(session, route, served.html);
        warmReader();
        session.compileCache.warm(route.path);
      }
    }
    // The requests that waited for the site go first: listing every folder for the watcher
    // (120 ms at 10,000 pages) then runs while the first page compiles on its worker.
    await new Promise((resolve) => setImmediate(resolve));
    // 3. Watch it; a later config may move the content folder, which is then watched too.
    let watchedContent = contentDir();
    watcher = await watchSite({ siteDir, contentDir: watchedContent }, async (batch) => {
      await applyChanges({ siteDir, logger, problems, session: () => current.session, reopen: open, send: (m) => hub.send(m), check: checkLater }, batch);
      if (contentDir() !== watchedContent) watcher?.add((watchedContent = contentDir()));
    });
    trace('watching');
  } catch (error) {
    markReady();
    await close();
    throw error;
  }
  const { port } = server.address() as AddressInfo;
  const url = `http://${opts.host.includes(':') ? `[${opts.host}]` : opts.host}:${port}${current.session?.config.baseUrl ?? '/'}`;
  const gate = !current.session
    ? 'fix the problems above; the page reloads by itself'
    : current.session.gate
      ? 'sign-in gate on, against the Auth emulator'
      : current.session.config.auth
        ? 'sign-in gate off: set FIREBASE_AUTH_EMULATOR_HOST to sign in against the Auth emulator'
        : 'no sign-in gate';
  // When no page is asked for soon, a second after the start (see warmReader).
  setTimeout(warmReader, READER_WARM_DELAY_MS).unref();
  // performance.now() counts from the process's start: node's own start-up is part of the wait.
  logger.info(`${green('docgen dev')} ${current.session ? 'ready' : 'started with problems'} in ${formatMs(performance.now())} → ${url} ${dim(`(${gate})`)}`);
  return { url, close };
}

/**
 * The kept page against what the session renders now (the same, unless a file the check does
 * not cover changed): it becomes the page to keep at close; if it differs, the browser that
 * got it reloads.
 */
async function checkStartPage(session: DevSession, page: StartPage, logger: Logger, hub: EventHub): Promise<Route | null> {
  const route = session.content.byPath.get(page.path);
  const now = route ? await renderChecked(session, route, session.opts.problems) : null;
  if (route && now === page.html) {
    session.lastPage = route;
    return route;
  }
  logger.warn(`docgen dev: the page kept from the last run (${page.path}) is not what the site renders now; it reloads`);
  // A moment later: the page's live-update channel opens once its scripts load.
  setTimeout(() => hub.send({ type: 'reload', reason: 'the page kept from the last run was out of date' }), 1000).unref();
  return null;
}

function listen(server: Server, port: number, host: string): Promise<void> {
  return new Promise((resolve, reject) => {
    server.once('error', (error: NodeJS.ErrnoException) => {
      if (error.code === 'EADDRINUSE') reject(new DocgenError(`docgen dev: port ${port} on ${host} is already in use; stop the other server or pick another port with --port`));
      else if (error.code === 'EACCES') reject(new DocgenError(`docgen dev: not allowed to listen on ${host}:${port}; pick a port above 1023 with --port`));
      else reject(error);
    });
    server.listen(port, host, () => resolve());
  });
}

function closeServer(server: Server): Promise<void> {
  return new Promise((resolve) => {
    server.close(() => resolve());
    // The live-update channel and keep-alive connections would hold close() open.
    server.closeAllConnections();
  });
}
