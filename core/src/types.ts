/**
 * The contract between the docgen engine and @docgen/theme.
 *
 * Everything here is plain, JSON-serialisable data: the engine resolves the site
 * configuration and the content into these shapes, and the theme only renders them.
 * Navbar items that point at docs (doc, docSidebar, docsVersion, docsVersionDropdown,
 * localeDropdown) arrive already resolved to URLs, so the theme never needs the doc tree.
 */

export type ColorMode = 'light' | 'dark';

export interface LogoData {
  src: string;
  srcDark?: string;
  alt?: string;
  width?: number | string;
  height?: number | string;
  /** Where the logo links to (defaults to the site root). */
  href?: string;
}

interface NavbarItemBase {
  /** 'left' | 'right'; the engine already applied the default 'right'. */
  position: 'left' | 'right';
  label?: string;
  className?: string;
}

export interface NavbarLinkItem extends NavbarItemBase {
  type: 'default';
  /** Internal route (already prefixed with baseUrl) or undefined when href is used. */
  to?: string;
  /** External URL. */
  href?: string;
  activeBasePath?: string;
  activeBaseRegex?: string;
}

export interface NavbarDropdownItem extends NavbarItemBase {
  type: 'dropdown';
  items: NavbarLinkItem[];
}

export interface NavbarLocaleDropdownItem extends NavbarItemBase {
  type: 'localeDropdown';
  /** One entry per locale; the theme builds each href from page.alternates. */
  locales: { locale: string; label: string }[];
}

export interface NavbarSearchItem extends NavbarItemBase {
  type: 'search';
}

export interface NavbarHtmlItem extends NavbarItemBase {
  type: 'html';
  value: string;
}

/** doc and docSidebar items: resolved to the doc's URL; active when the page is in `activeSidebar`. */
export interface NavbarDocItem extends NavbarItemBase {
  type: 'doc' | 'docSidebar';
  to: string;
  docId?: string;
  sidebarId?: string;
  /** Sidebar whose pages make this item active. */
  activeSidebar?: string;
}

export interface NavbarDocsVersionItem extends NavbarItemBase {
  type: 'docsVersion';
  to: string;
  version: string;
}

export interface NavbarDocsVersionDropdownItem extends NavbarItemBase {
  type: 'docsVersionDropdown';
  versions: { name: string; label: string; to: string }[];
}

export type NavbarItem =
  | NavbarLinkItem
  | NavbarDropdownItem
  | NavbarLocaleDropdownItem
  | NavbarSearchItem
  | NavbarHtmlItem
  | NavbarDocItem
  | NavbarDocsVersionItem
  | NavbarDocsVersionDropdownItem;

export interface FooterLink {
  label: string;
  to?: string;
  href?: string;
}

export interface FooterData {
  style: 'light' | 'dark';
  /** Either columns ({title, items}) or a flat list of links. */
  links: { title?: string; items: FooterLink[] }[] | FooterLink[];
  logo?: LogoData;
  copyright?: string;
}

export interface AnnouncementBarData {
  /** Identifies this announcement, so closing it is remembered per announcement. */
  id: string;
  /** HTML content. */
  content: string;
  backgroundColor: string;
  textColor: string;
  isCloseable: boolean;
}

export interface AuthData {
  allowedDomain: string;
  firebase: {
    apiKey: string;
    authDomain: string;
    projectId: string;
    storageBucket: string;
    messagingSenderId: string;
    appId: string;
  };
  /** host:port of the Firebase Auth emulator when emulator mode is on, else null. */
  emulatorHost: string | null;
  /** 'server': docgen serve enforces the session; 'static': client-side gate only. */
  mode: 'server' | 'static';
}

export interface LocaleData {
  label: string;
  htmlLang: string;
  /** URL prefix of this locale ('' for the default locale, '/en' for others). */
  path: string;
}

export interface VersionData {
  name: string;
  label: string;
  /** URL of the version's main doc. */
  to: string;
  isLast: boolean;
  /** The extra docs instance it is a version of; none for the main docs. */
  pluginId?: string;
}

export interface SiteData {
  title: string;
  tagline?: string;
  /** Always starts and ends with '/'. */
  baseUrl: string;
  favicon?: string;
  locale: {
    current: string;
    default: string;
    locales: Record<string, LocaleData>;
  };
  navbar: {
    title?: string;
    logo?: LogoData;
    hideOnScroll: boolean;
    items: NavbarItem[];
  };
  footer?: FooterData;
  announcementBar?: AnnouncementBarData;
  colorMode: {
    defaultMode: ColorMode;
    disableSwitch: boolean;
    respectPrefersColorScheme: boolean;
  };
  docs: {
    breadcrumbs: boolean;
    versions: VersionData[];
    /** themeConfig.docs.sidebar.autoCollapseCategories, when true (read by Docusaurus-shaped sidebar swizzles). */
    autoCollapseCategories?: true;
  };
  auth: AuthData | null;
  /** True when a search index exists for this site. */
  search: boolean;
  /**
   * The theme's interface strings for `locale.current`, resolved by the engine (the theme's
   * catalog for the locale, then the site's i18n/<locale>/code.json): message key → text with
   * `{name}` placeholders. Only this locale's strings travel with a page.
   */
  messages: Record<string, string>;
}

export interface TocItem {
  /** Heading id (anchor, without '#'). */
  id: string;
  /** Heading text. */
  value: string;
  level: number;
}

export interface NavLink {
  title: string;
  href: string;
}

export interface CardItem {
  type: 'doc' | 'category';
  label: string;
  href: string;
  description?: string;
  /** Number of items in a category card. */
  count?: number;
}

/** A docs tag (front matter `tags`, defined inline or in the docs folder's tags.yml). */
export interface TagData {
  label: string;
  /** The tag's page, `<docsBase>/tags/<permalink>`. */
  href: string;
  description?: string;
  /** Listed docs with this tag (on the tags page). */
  count?: number;
}

export interface PageData {
  /** Route path, baseUrl included, no trailing slash ('/' for the home page). */
  path: string;
  /** 'tags': every tag of a docs version; 'tag': the docs with one tag. */
  kind: 'doc' | 'category' | 'page' | 'notFound' | 'tags' | 'tag';
  title: string;
  description?: string;
  locale: string;
  /** Docs version name (docs and category pages only). */
  version?: string;
  /** Sidebar this page belongs to (docs and category pages only). */
  sidebarId?: string;
  breadcrumbs?: NavLink[];
  /** Headings already filtered to the configured levels (2–3 by default). */
  toc: TocItem[];
  hideTableOfContents?: boolean;
  prev?: NavLink;
  next?: NavLink;
  /** Items of a category index page, in sidebar order. */
  cards?: CardItem[];
  /** The same page in each locale (locale → URL), for the locale dropdown. */
  alternates: Record<string, string>;
  /** True when this page is the default-locale fallback shown for a missing translation. */
  isFallback?: boolean;
  /** Front matter `unlisted: true`: built and reachable by its URL, but out of the sidebar, search and tag pages. */
  unlisted?: boolean;
  /** Front matter `last_reviewed`, ISO date, when present. */
  lastReviewed?: string;
  /** True when lastReviewed is older than the site's `docs.staleAfterDays`. */
  stale?: boolean;
  /** "Editar esta página" link (`docs.editUrl`). */
  editUrl?: string;
  /** ISO date-time of the last commit touching the file (`docs.showLastUpdateTime`). */
  lastUpdatedAt?: string;
  /** Author of that commit (`docs.showLastUpdateAuthor`). */
  lastUpdatedBy?: string;
  /** A doc's tags; on the tags page, every tag of the docs version with its count. */
  tags?: TagData[];
  /** On a tag page: the tag, its docs (by title) and the tags page's URL. */
  tagged?: { tag: TagData; docs: NavLink[]; allTagsHref: string };
  /** Page layout without sidebar/TOC (markdown pages, home page). */
  wide?: boolean;
  /** Docs of a version other than the last: the banner Docusaurus shows on them. */
  versionBanner?: 'unreleased' | 'unmaintained';
  /** The same doc in each other version that has it (version name → URL), for the version dropdown and banner. */
  versionAlternates?: Record<string, string>;
}

export type SidebarItem =
  | {
      type: 'link'; label: string; href: string; docId?: string; className?: string; customProps?: Record<string, unknown>;
      /** An unlisted doc: the engine shows it only in its own page's sidebar (as Docusaurus). */
      unlisted?: boolean;
    }
  /** Raw HTML from a sidebars file (`type: 'html'`), rendered as written. */
  | { type: 'html'; value: string; className?: string; defaultStyle?: boolean }
  | {
      type: 'category';
      label: string;
      /** Category index page (generated index or linked doc), if any. */
      href?: string;
      collapsed: boolean;
      collapsible: boolean;
      /** Empty when `itemsUrl` is set: the items are then in that file, fetched when needed. */
      items: SidebarItem[];
      /**
       * Large sidebars only: the JSON file (SidebarItem[]) holding this collapsed category's
       * items, so a page downloads the branches it draws, not the whole tree.
       */
      itemsUrl?: string;
      className?: string;
      customProps?: Record<string, unknown>;
      /** Its `href` is an unlisted doc's: kept only in that doc's own sidebar (Docusaurus's `linkUnlisted`). */
      linkUnlisted?: boolean;
    };

/** What the engine hands to the theme's server renderer for one route. */
export interface RenderInput {
  site: SiteData;
  page: PageData;
  /** The sidebar of page.sidebarId, or null. */
  sidebar: SidebarItem[] | null;
  /** The route's content component (compiled MDX or a page component); absent for generated pages. */
  Content?: (props: { components?: Record<string, unknown> }) => unknown;
}

/**
 * Boot data the engine inlines into every HTML page as
 * <script id="__docgen_boot" type="application/json">…</script>.
 */
export interface BootData {
  site: SiteData;
  page: PageData;
  /** URL of this route's client chunk (ES module exporting `default` Content and `page`). */
  chunk: string;
  /** URL of this route's sidebar JSON (SidebarItem[]), or null. */
  sidebar: string | null;
  /** Split sidebars: the files holding the items of the categories this page is in (see SidebarItem `itemsUrl`). */
  sidebarBranch?: string[];
  /**
   * URL of this build's `CurrentBuild` file (a built site): the one name that stays the same
   * from build to build, read before the first navigation or search. The manifest and search
   * index URLs live there rather than in every page, so a build with one page edited rewrites
   * that page and that file, not every page of the site.
   */
  current?: string;
  /** Identity of this page's client code (see CurrentBuild.build); with `current`. */
  build?: string;
  /** Which of CurrentBuild.searchIndexes this page searches (its locale and version); with `current`. */
  searchKey?: string;
  /**
   * URL of the route manifest JSON (RouteManifest), fetched on the first navigation intent,
   * when the page has no `current` (`docgen dev`, whose URLs change with every edit).
   * With `manifestShards`, it holds `{shard}`: each file lists the routes whose path hashes
   * to that number (core/src/shard.ts).
   */
  manifest?: string;
  /** How many files the route manifest is split into (absent: one file). */
  manifestShards?: number;
  /** URL of the search index, when search is enabled (pages without `current`). */
  searchIndex?: string;
}

/**
 * `assets/current.json` of a build: where the content-hashed files a page finds at run time
 * are. Fetched with revalidation, since its name never changes.
 */
export interface CurrentBuild {
  /**
   * Identity of the build's shared client code (app entry, runtime, shared chunks). A page
   * whose own `build` differs was loaded before a deploy: its modules cannot mix with the new
   * build's chunks, so it navigates by loading pages from the server.
   */
  build: string;
  manifest: string;
  manifestShards?: number;
  /** `${locale}/${version}` → URL of that search index. */
  searchIndexes: Record<string, string>;
}

/** Route path → where its chunk and sidebar live. */
export type RouteManifest = Record<string, {
  chunk: string;
  sidebar: string | null;
  /** As BootData.sidebarBranch. */
  sidebarBranch?: string[];
  /** Stylesheets the route needs beyond the app's CSS (loaded before it renders; 60 s time-out). */
  css?: string[];
}>;

/** What every route chunk exports. */
export interface RouteModule {
  default?: RenderInput['Content'];
  page: PageData;
}
