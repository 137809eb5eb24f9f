import { isExternalHref, normalizeRoutePath } from '@docgen/core/url';
import { extractLinks, findBrokenLinks, formatBrokenLinks, linkTarget, type RenderedPage, type SourceInfo } from '../output/check-links.js';
import type { Route } from '../routes/build-routes.js';
import { sourceFileOf } from '../routes/source-file.js';
import type { Logger } from '../utils/logger.js';
import { renderRouteHtml } from './render-page.js';
import { whenQuiet } from './idle.js';
import type { DevSession } from './session.js';
import { sitePaths } from '../config/site-paths.js';
import { staticFiles } from '../content/static-files.js';

/**
 * Broken links and anchors in dev, as warnings: each page is checked when it is rendered
 * (so an edit is checked at once), with the build's own detection and report. A target
 * named with an #anchor is rendered too, to read its ids; other targets only need to exist.
 * A page's report is printed again only when it changed.
 */
export class LinkChecker {
  private readonly reported = new Map<string, string>();
  private readonly ids = new Map<string, { chunk: string; page: RenderedPage }>();
  /**
   * The HTML each route was last checked with: the render cache's own string (render-page.ts),
   * kept no longer than the route (a rebuilt table has new routes, whose targets may differ).
   */
  private readonly checked = new WeakMap<Route, string>();

  constructor(private readonly logger: Logger, private readonly clientUrl: string) {}

  check(session: DevSession, route: Route, html: string): void {
    // The same page served again (a reload, a tab polling) under the same routes: its report
    // stands. A changed page, or a new route table (targets may have come or gone), is checked.
    // Compared, not hashed: the same page served again is the same string, compared at once,
    // where hashing it cost each save a millisecond at 10,000 pages.
    if (this.checked.get(route) === html) return;
    this.checked.set(route, html);
    const page = extractLinks(route.path, html);
    this.remember(session, route, page);
    this.schedule(session, route, page);
  }

  /**
   * The pages `changed` may have broken or fixed: those whose links point at one of them
   * with an #anchor (a heading was renamed). They are checked again from what they showed.
   */
  recheckLinksTo(session: DevSession, changed: Route[]): void {
    const paths = new Set(changed.map((r) => r.path));
    for (const [source, { page }] of this.ids) {
      const route = session.content.byPath.get(source);
      if (!route || paths.has(source)) continue;
      if (page.hrefs.some((href) => paths.has(anchoredTarget(source, href, session.content.table.siteRoot) ?? ''))) this.schedule(session, route, page);
    }
  }

  private schedule(session: DevSession, route: Route, page: RenderedPage): void {
    if (session.config.onBrokenLinks === 'ignore') return;
    // After the response is sent: the check never delays a page.
    setImmediate(() => this.run(session, route, page).catch((error: unknown) => this.logger.warn(`link check of ${route.path} failed: ${(error as Error).message}`)));
  }

  private async run(session: DevSession, route: Route, page: RenderedPage): Promise<void> {
    const { content } = session;
    const pages = new Map<string, RenderedPage>([[route.path, page]]);
    for (const href of page.hrefs) {
      const target = anchoredTarget(route.path, href, content.table.siteRoot);
      const targetRoute = target === null ? undefined : content.byPath.get(content.table.redirects[target] ?? target);
      if (!targetRoute || pages.has(targetRoute.path)) continue;
      const known = await this.idsOf(session, targetRoute);
      if (known) pages.set(targetRoute.path, known);
    }
    // The other routes the links name exist; their ids are not needed (no anchor points at
    // them). Only those, not every route: one check costs the page's links, not the site's size.
    for (const href of page.hrefs) {
      for (const p of routesNamed(route.path, href, content.table.redirects, content.table.siteRoot)) {
        if (!pages.has(p) && content.byPath.has(p)) pages.set(p, { route: p, hrefs: [], ids: new Set() });
      }
    }
    const broken = findBrokenLinks({ pages: [...pages.values()], files: this.files(session), redirects: content.table.redirects, unpublished: session.config.unpublishedPaths, siteRoot: content.table.siteRoot, localePrefixes: content.table.locales.map((l) => l.prefix) }).filter((b) => b.source === route.path);
    const file = route.source ? sourceFileOf(route) : undefined;
    const compiled = route.source ? content.pages.peek(route.path) : undefined;
    const sources = new Map<string, SourceInfo>([[route.path, { file, links: compiled?.compiled?.data.links ?? [] }]]);
    const report = broken.length ? formatBrokenLinks(broken, sources) : '';
    if (report === (this.reported.get(route.path) ?? '')) return;
    this.reported.set(route.path, report);
    if (report) this.logger.warn(report);
    else this.logger.info(`links on ${route.path} are fixed`);
  }

  /** A target page's ids, rendering it when its current version was never rendered. */
  private async idsOf(session: DevSession, route: Route): Promise<RenderedPage | null> {
    const chunk = session.content.update(route).chunk;
    const known = this.ids.get(route.path);
    if (known?.chunk === chunk) return known.page;
    try {
      // Its compile and render would hold the worker and this thread: not while a writer saves.
      await whenQuiet();
      if (session.closed) return null; // replaced meanwhile (a config change): its check is moot
      const html = await renderRouteHtml(session, route, this.clientUrl);
      return this.remember(session, route, extractLinks(route.path, html));
    } catch {
      return null; // its own problem is shown already; links into it are not judged meanwhile
    }
  }

  private remember(session: DevSession, route: Route, page: RenderedPage): RenderedPage {
    this.ids.set(route.path, { chunk: session.content.update(route).chunk, page });
    return page;
  }

  /** Files a link may point at: the static folders and the images pages use. */
  private files(session: DevSession): Set<string> {
    const files = new Set(staticFiles(sitePaths(session.config, session.opts.siteDir).static).map((f) => `/${f.relativePath}`));
    for (const rel of session.content.images.files.keys()) files.add(`/${rel}`);
    return files;
  }
}

/** The paths findBrokenLinks may look up for one link (its target, redirected, or a doubled-slash path). */
function routesNamed(from: string, href: string, redirects: Record<string, string>, siteRoot: string): string[] {
  const pathPart = href.split('#')[0].split('?')[0];
  if (isExternalHref(href)) return href.startsWith('//') ? [normalizeRoutePath(pathPart), pathPart] : [];
  const target = linkTarget(from, pathPart, siteRoot);
  return [target, redirects[target] ?? target];
}

/** The route a link with an #anchor points at, or null (external, no anchor, another file). */
function anchoredTarget(from: string, href: string, siteRoot: string): string | null {
  const hash = href.indexOf('#');
  if (hash < 0 || isExternalHref(href)) return null;
  return linkTarget(from, href.slice(0, hash).split('?')[0], siteRoot);
}
