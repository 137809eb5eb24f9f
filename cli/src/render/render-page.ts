import type { BootData, PageData, RenderInput, SidebarItem, SiteData } from '@docgen/core/types';
import type { ThemeServer } from '../bundle/site.js';
import { ContentError } from '../errors.js';
import type { Route } from '../routes/build-routes.js';
import { sourceFileOf } from '../routes/source-file.js';
import { htmlDocument, type HtmlAssets } from './html-template.js';

/** Where a page's data lives: the build's hashed files, or dev's versioned memory URLs. */
export interface PageUrls {
  /** The route's chunk (ES module: Content and page data). */
  chunk: string;
  /** The route's sidebar JSON, or null. */
  sidebar: string | null;
  /** A split sidebar's files this route draws (BootData.sidebarBranch). */
  sidebarBranch?: string[];
  /**
   * A build's pages find the manifest and search index through its current.json (BootData.current),
   * so that their HTML does not change when another page does.
   */
  current?: { url: string; build: string; searchKey?: string };
  /** The route manifest (with `{shard}` when split), for pages without `current` (dev). */
  manifest?: string;
  manifestShards?: number;
  /** The search index of the page's (locale, version), when the site has search (without `current`). */
  searchIndex?: string;
}

export interface RenderPageInput {
  theme: ThemeServer;
  route: Route;
  /** The page data to render (the route's, with what compiling learned: toc, titles). */
  page: PageData;
  site: SiteData;
  sidebar: SidebarItem[] | null;
  Content: RenderInput['Content'];
  urls: PageUrls;
  assets: HtmlAssets;
  /** The no-flash colour-mode script (the same for every page of a locale: callers may reuse it). */
  headScript?: string;
  /** The config's `headTags` as HTML (render/head-tags.ts), the same on every page. */
  siteHead?: string;
}

/**
 * One route → its full HTML document, through the theme's server entry: the one function
 * `docgen build` and `docgen dev` render with, so a page is the same in both.
 */
export function renderPage(input: RenderPageInput): string {
  const { theme, route, site, urls } = input;
  // The not-found page is titled in its locale's words (the route table has no strings).
  const notFoundTitle = input.page.kind === 'notFound' ? site.messages['notFound.title'] : undefined;
  const page = notFoundTitle ? { ...input.page, title: notFoundTitle } : input.page;
  let body: string;
  try {
    body = theme.renderRoute({ site, page, sidebar: input.sidebar, Content: input.Content });
  } catch (error) {
    // Content that throws while rendering (an expression in MDX, a page component): name the file.
    throw new ContentError({ file: sourceFileOf(route) }, `Rendering ${route.path} failed: ${(error as Error)?.message ?? error}`, { cause: error });
  }
  const { body: rest, head } = liftHead(body);
  const boot: BootData = {
    site,
    page,
    chunk: urls.chunk,
    sidebar: urls.sidebar,
    ...(urls.sidebarBranch?.length ? { sidebarBranch: urls.sidebarBranch } : {}),
    ...(urls.current
      ? { current: urls.current.url, build: urls.current.build, ...(urls.current.searchKey ? { searchKey: urls.current.searchKey } : {}) }
      : {
        manifest: urls.manifest,
        ...(urls.manifestShards ? { manifestShards: urls.manifestShards } : {}),
        ...(urls.searchIndex ? { searchIndex: urls.searchIndex } : {}),
      }),
  };
  return htmlDocument({ site, page, body: rest, boot, headScript: input.headScript ?? theme.noFlashScript(site), assets: input.assets, head, siteHead: input.siteHead });
}

/**
 * A page's MDX `<head>` renders as `<template data-docgen-head>` (the theme's Head component):
 * its elements move into the document head, out of the body, where the browser's render of the
 * same page has nothing either.
 */
export function liftHead(body: string): { body: string; head: string } {
  let head = '';
  const rest = body.replace(/<template data-docgen-head="">([\s\S]*?)<\/template>/g, (_, inner: string) => {
    head += inner;
    return '';
  });
  return { body: rest, head };
}

/** The page's search index key: its locale and version (the last version for unversioned pages). */
export function searchKey(page: PageData, site: SiteData): string {
  const version = page.version ?? site.docs.versions.find((v) => v.isLast)?.name ?? '';
  return `${page.locale}/${version}`;
}

/** The login shell: the gate card and the site's chrome, none of the content (SPEC.md, DESIGN.md 5). */
export function renderLoginShell(fullSite: SiteData, theme: ThemeServer, assets: Omit<HtmlAssets, 'preloadFetch'>): string {
  const site = loginSiteData(fullSite);
  const shell = site;
  return htmlDocument({
    site: shell,
    page: { path: site.baseUrl, kind: 'page', title: site.title, locale: site.locale.current, toc: [], alternates: {} },
    body: '',
    boot: { site: shell },
    headScript: theme.noFlashScript(site),
    assets: { ...assets, preloadFetch: [] },
  });
}

/**
 * What the login shell needs of the site: its name, favicon, language, colours and sign-in
 * settings. The shell is public, so nothing else goes in it: no navbar or footer (their
 * labels and links outline the docs), tagline, announcement or versions.
 */
export function loginSiteData(site: SiteData): SiteData {
  const { current } = site.locale;
  return {
    title: site.title,
    baseUrl: site.baseUrl,
    favicon: site.favicon,
    locale: { current, default: site.locale.default, locales: { [current]: site.locale.locales[current] } },
    navbar: { hideOnScroll: false, items: [] },
    colorMode: site.colorMode,
    docs: { breadcrumbs: false, versions: [] },
    auth: site.auth,
    search: false,
    // The gate's strings only, none of the pages' words.
    messages: Object.fromEntries(Object.entries(site.messages).filter(([key]) => key.startsWith('auth.'))),
  };
}
