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
import { Claim, type RenderJob, type RenderReply, type RenderSetup } from './render-pool.js';

/**
 * Worker thread of the render pool (see RenderPool): evaluates the prerender bundle once,
 * then renders, writes and scans the pages it is sent, each one only if the main thread has
 * not claimed it first. The page is the same document the main thread would write: the same
 * renderPage, with the same inputs.
 */
let bundle: ServerBundle | null = null;
let memo: InstanceType<NonNullable<ServerBundle['SidebarMemo']>> | null = null;
const sites = new Map<string, SiteData>();
const sidebars = new Map<string, SidebarItem[]>();

parentPort!.on('message', (msg: RenderSetup | RenderJob) => {
  if (msg.type === 'setup') {
    bundle = loadServerBundle(msg.code);
    memo = bundle.SidebarMemo ? new bundle.SidebarMemo() : null;
    for (const [key, site] of msg.sites) sites.set(key, site);
    for (const [key, items] of msg.sidebars) sidebars.set(key, items);
    return;
  }
  if (Atomics.compareExchange(new Int32Array(msg.claims), msg.slot, Claim.Free, Claim.Worker) !== Claim.Free) {
    parentPort!.postMessage({ slot: msg.slot, skipped: true } satisfies RenderReply);
    return;
  }
  const reply = renderJob(msg, bundle!);
  parentPort!.postMessage(reply, 'body' in reply && reply.body ? [reply.body.buffer as ArrayBuffer] : []);
});

function renderJob(job: RenderJob, server: ServerBundle): RenderReply {
  let body = '';
  // The main thread reports a failed render with the page's file, as for its own pages: it needs the render's own error.
  let failure: unknown = null;
  try {
    if (job.cjs !== null) installForServer([job.index], () => job.cjs, server);
    const theme = {
      ...server,
      renderRoute: (input: RenderInput) => {
        try {
          return (body = server.renderRoute({ ...input, Content: server.routes[job.index]?.default as RenderInput['Content'] }, memo));
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
  } finally {
    // The page's evaluated module keeps its source alive (see releaseForServer).
    if (job.cjs !== null) releaseForServer(server, job.index);
  }
}
