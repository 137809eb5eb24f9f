import { parentPort } from 'node:worker_threads';
import type { PageData, RenderInput, SidebarItem, SiteData } from '@docgen/core/types';
import { loadServerBundle, type ServerBundle } from '../bundle/site.js';
import { installForServer } from '../bundle/standalone.js';
import type { RenderJob, RenderReply, RenderSetup } from './render-pool.js';

/**
 * Worker thread of the render pool: evaluates the prerender bundle once, then renders page
 * bodies (React's renderToString) for the jobs it is sent. Site data and sidebars come once.
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
  let reply: RenderReply;
  try {
    if (msg.cjs !== null) installForServer([msg.index], () => msg.cjs, bundle!);
    const input: RenderInput = {
      site: sites.get(msg.site)!,
      page: msg.page as PageData,
      sidebar: msg.sidebar === null ? null : sidebars.get(msg.sidebar)!,
      Content: bundle!.routes[msg.index]?.default as RenderInput['Content'],
    };
    reply = { id: msg.id, body: bundle!.renderRoute(input, memo) };
  } catch (error) {
    reply = { id: msg.id, error: (error as Error)?.message ?? String(error) };
  }
  parentPort!.postMessage(reply);
});
