import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { parentPort } from 'node:worker_threads';
import type { PageData, RenderInput, SidebarItem, SiteData } from '@docgen/core/types';
import { loadServerBundle, type ServerBundle } from '../bundle/site.js';
import { installForServer, releaseForServer } from '../bundle/standalone.js';
import { extractLinks } from '../output/check-links.js';
import { contentKey } from '../output/content-key.js';
import { renderPage } from '../render/render-page.js';
import type { Route } from '../routes/build-routes.js';
import { Claim, EARLY_BODY_BYTES, type BodyJob, type EarlyBodyJob, type RenderJob, type RenderReply, type RenderSetup } from './render-pool.js';

/**
 * Worker thread of the render pool (see RenderPool): evaluates the prerender bundle once,
 * then renders, writes and scans the pages it is sent, each one only if the main thread has
 * not claimed it first. The page is the same document the main thread would write: the same
 * renderPage, with the same inputs. Bodies rendered ahead wait here for their page's job.
 */
let bundle: ServerBundle | null = null;
let memo: InstanceType<NonNullable<ServerBundle['SidebarMemo']>> | null = null;
const sites = new Map<string, SiteData>();
const sidebars = new Map<string, SidebarItem[]>();
/** Bodies rendered ahead, by claim slot: the body, or the render's error. */
const held = new Map<number, { body: string } | { error: unknown }>();
let heldBytes = 0;

parentPort!.on('message', (msg: RenderSetup | EarlyBodyJob | RenderJob) => {
  if (msg.type === 'setup') {
    bundle = loadServerBundle(msg.code);
    memo = bundle.SidebarMemo ? new bundle.SidebarMemo() : null;
    for (const [key, site] of msg.sites) sites.set(key, site);
    for (const [key, items] of msg.sidebars) sidebars.set(key, items);
    return;
  }
  const claims = new Int32Array(msg.claims);
  if (msg.type === 'body') {
    // Past the budget the page stays free: its job renders it whole later.
    if (heldBytes >= EARLY_BODY_BYTES || Atomics.compareExchange(claims, msg.slot, Claim.Free, Claim.Worker) !== Claim.Free) return;
    try {
      const body = renderBody(msg, bundle!);
      held.set(msg.slot, { body });
      heldBytes += body.length;
    } catch (error) {
      held.set(msg.slot, { error });
    }
    return;
  }
  const early = held.get(msg.slot);
  if (early) {
    held.delete(msg.slot);
    if ('body' in early) heldBytes -= early.body.length;
  } else if (Atomics.compareExchange(claims, msg.slot, Claim.Free, Claim.Worker) !== Claim.Free) {
    parentPort!.postMessage({ slot: msg.slot, skipped: true } satisfies RenderReply);
    return;
  }
  const reply = renderJob(msg, bundle!, early);
  parentPort!.postMessage(reply, 'body' in reply && reply.body ? [reply.body.buffer as ArrayBuffer] : []);
});

/** The page's body, as renderPage asks the theme for it (a page's not-found title aside: those pages are not sent). */
function renderBody(job: BodyJob, server: ServerBundle): string {
  try {
    if (job.cjs !== null) installForServer([job.index], () => job.cjs, server);
    const input = { site: sites.get(job.site)!, page: job.page as PageData, sidebar: job.sidebar === null ? null : sidebars.get(job.sidebar)! };
    return server.renderRoute({ ...input, Content: server.routes[job.index]?.default as RenderInput['Content'] }, memo);
  } finally {
    // The page's evaluated module keeps its source alive (see releaseForServer).
    if (job.cjs !== null) releaseForServer(server, job.index);
  }
}

function renderJob(job: RenderJob, server: ServerBundle, early: { body: string } | { error: unknown } | undefined): RenderReply {
  let body = '';
  // The main thread reports a failed render with the page's file, as for its own pages: it needs the render's own error.
  let failure: unknown = null;
  try {
    const theme = {
      ...server,
      renderRoute: () => {
        try {
          if (early && 'error' in early) throw early.error;
          return (body = early ? early.body : renderBody(job, server));
        } catch (error) {
          failure = error;
          throw error;
        }
      },
    };
    const site = sites.get(job.site)!;
    const sidebar = job.sidebar === null ? null : sidebars.get(job.sidebar)!;
    const html = renderPage({ theme, route: { path: job.route } as Route, page: job.page as PageData, site, sidebar, Content: undefined, urls: job.urls, headScript: job.headScript, siteHead: job.siteHead, assets: job.assets });
    const bytes = Buffer.from(html);
    const key = contentKey(bytes);
    const written = key !== job.previousKey;
    if (written) {
      mkdirSync(path.dirname(job.file), { recursive: true });
      writeFileSync(job.file, bytes);
    }
    const links = extractLinks(job.route, html);
    // Its own buffer (not a slice of node's shared pool), to be transferred rather than copied.
    const bodyBytes = job.wantBody ? new TextEncoder().encode(body) : null;
    return { slot: job.slot, key, written, hrefs: links.hrefs, ids: [...links.ids], body: bodyBytes };
  } catch (error) {
    const cause = failure ?? error;
    return { slot: job.slot, error: (cause as Error)?.message ?? String(cause) };
  }
}
