import { z } from 'zod';
import { NAVBAR_ITEM_TYPES, NavbarItemSchema } from './navbar-schema.js';
import type { EditUrlFunction } from '../routes/page-extras.js';

/**
 * The site configuration schema. It is the documentation of site.config.ts: every field
 * has a JSDoc and an example; the TypeScript types are derived from it.
 */

const LogoSchema = z.object({
  /** Image URL or path under content/static. @example '/img/logo.svg' */
  src: z.string(),
  /** Image used in dark mode. @example '/img/logo-dark.svg' */
  srcDark: z.string().optional(),
  alt: z.string().optional(),
  width: z.union([z.number(), z.string()]).optional(),
  height: z.union([z.number(), z.string()]).optional(),
  /** Where the logo links to. @example '/' */
  href: z.string().optional(),
});

const FooterLinkSchema = z.object({
  label: z.string(),
  /** Internal route. @example '/docs/intro' */
  to: z.string().optional(),
  /** External URL. @example 'https://developers.facebook.com/docs/whatsapp' */
  href: z.string().optional(),
});

const FooterSchema = z.object({
  style: z.enum(['light', 'dark']).default('dark'),
  /** Columns `{title, items}` or a flat list of links. */
  links: z.union([z.array(z.object({ title: z.string().optional(), items: z.array(FooterLinkSchema) })), z.array(FooterLinkSchema)]).default([]),
  logo: LogoSchema.optional(),
  /** @example 'Copyright © 2026 Empresa. v1.0.1' */
  copyright: z.string().optional(),
});

const AnnouncementBarSchema = z.object({
  /** Changing the id shows a closed announcement again. @example 'migracao-2026' */
  id: z.string().default('announcement-bar'),
  /** HTML content. */
  content: z.string(),
  backgroundColor: z.string().default('#fff'),
  textColor: z.string().default('#000'),
  isCloseable: z.boolean().default(true),
});

const ColorModeSchema = z.object({
  /** @example 'light' */
  defaultMode: z.enum(['light', 'dark'], { error: 'Expected "light" or "dark"' }).default('light'),
  disableSwitch: z.boolean().default(false),
  respectPrefersColorScheme: z.boolean().default(false),
});

const TocSchema = z.object({
  minHeadingLevel: z.number().int().min(2).max(6).default(2),
  maxHeadingLevel: z.number().int().min(2).max(6).default(3),
});

const VersionSchema = z.object({
  /**
   * Folder and URL segment of the version. 'current' is the docs folder itself (Docusaurus's
   * unreleased "Next"); another name lives in versioned_docs/version-<name>. @example '1.0'
   */
  name: z.string().regex(/^[\w.-]+$/, 'Expected letters, digits, ".", "_" or "-"'),
  /** Shown in the version dropdown. @example 'v1.0' */
  label: z.string().optional(),
  /** Doc the version link points to (defaults to the first doc of its sidebar). */
  mainDocId: z.string().optional(),
  /** URL segment below the docs base ('' = the docs base itself). Default: '' for the last version, else its name ('next' for 'current'). */
  path: z.string().optional(),
  /** Banner on every page of the version, as in Docusaurus. Default: 'unreleased' for 'current' when it is not the last version, 'unmaintained' for versions older than the last. */
  banner: z.enum(['none', 'unreleased', 'unmaintained']).optional(),
});

const LocaleConfigSchema = z.object({
  /** @example 'Português' */
  label: z.string().optional(),
  /** @example 'pt-BR' */
  htmlLang: z.string().optional(),
});

const FirebaseSchema = z.object({
  apiKey: z.string(),
  authDomain: z.string(),
  projectId: z.string(),
  storageBucket: z.string(),
  messagingSenderId: z.string(),
  appId: z.string(),
});

const AuthSchema = z.object({
  /** 'server': `docgen serve` enforces the session; 'static': browser-only gate (content is public). */
  mode: z.enum(['server', 'static']).default('server'),
  /** Only emails on this domain may sign in. @example 'empresa.com.br' */
  allowedDomain: z.string().regex(/^[a-z0-9.-]+\.[a-z]{2,}$/i, 'Expected a domain such as "empresa.com.br"'),
  firebase: FirebaseSchema,
});

/** A unified plugin, or `[plugin, options]`. */
/** An element for every page's <head>, as Docusaurus's `headTags`: attribute values are escaped, `true` writes the bare name, `false` leaves it out. */
const HeadTagSchema = z.object({
  tagName: z.string().regex(/^[a-zA-Z][a-zA-Z0-9-]*$/, 'Expected an HTML tag name such as "link", "meta" or "script"'),
  attributes: z.record(z.string(), z.union([z.string(), z.number(), z.boolean()])).default({}),
  innerHTML: z.string().optional(),
});

const PluginFunction = z.custom<(...args: never[]) => unknown>((v) => typeof v === 'function', 'Expected a plugin (a function) or [plugin, options]');
const PluginEntrySchema = z.union([PluginFunction, z.tuple([PluginFunction, z.unknown()])]);

/** Docusaurus's docs options for categories that do not say (`collapsed`, `collapsible`, a link). */
const SidebarDefaults = {
  /** Categories start collapsed unless they say otherwise (Docusaurus's sidebarCollapsed). Default: true. */
  sidebarCollapsed: z.boolean().optional(),
  /** Categories can be collapsed unless they say otherwise (Docusaurus's sidebarCollapsible); false keeps every one open. Default: true. */
  sidebarCollapsible: z.boolean().optional(),
  /**
   * In autogenerated sidebars, a folder's index doc (index, README, named like the folder) is
   * its category's page; false lists it among the category's items instead (a Docusaurus
   * sidebarItemsGenerator passing `isCategoryIndex: () => false`). Default: true.
   */
  categoryIndexDocs: z.boolean().optional(),
};

export const SiteConfigSchema = z.object({
  /** @example 'WhatsApp Oficial' */
  title: z.string().min(1),
  tagline: z.string().optional(),
  /** Production URL, used for absolute links. @example 'https://docs.empresa.com.br' */
  url: z.string().optional(),
  /** Path the site is served under; starts and ends with '/'. @example '/' */
  baseUrl: z.string().regex(/^\/(.*\/)?$/, 'Expected a path that starts and ends with "/"').default('/'),
  favicon: z.string().optional(),
  /**
   * Docusaurus's `trailingSlash: true`: page URLs end with '/', so a relative link in a page
   * (`../api`) resolves from `<page>/`. docgen resolves such links that way at build time
   * (they ship absolute); it still writes each page as `<page>/index.html`. Unset, only an
   * index doc's URL (`guide/index.md`) ends with '/', as in Docusaurus; false: none does.
   */
  trailingSlash: z.boolean().optional(),
  /**
   * URL paths of content docgen leaves out (a Docusaurus plugin it does not run, such as a
   * second docs instance): a link into one only warns, saying why. Filled in from a
   * docusaurus.config.*. @example ['/wiki']
   */
  unpublishedPaths: z.array(z.string()).default([]),
  /** What a broken link or anchor does to the build. */
  onBrokenLinks: z.enum(['throw', 'warn', 'ignore']).default('throw'),
  /** What a link to a missing #anchor does; by default the same as onBrokenLinks (Docusaurus sites: 'warn', as Docusaurus). */
  onBrokenAnchors: z.enum(['throw', 'warn', 'ignore']).optional(),
  /** What a relative .md/.mdx link to a missing file does. */
  onBrokenMarkdownLinks: z.enum(['throw', 'warn', 'ignore']).default('warn'),
  /** Two pages at one URL: an error, or ('warn', Docusaurus's default, and 'ignore') the first one read is published. */
  onDuplicateRoutes: z.enum(['throw', 'warn', 'ignore']).default('throw'),
  /** Folder holding docs/, pages/, static/, versioned_docs/ and i18n/. @example 'content' */
  contentDir: z.string().default('content'),
  /** Folders of static files, relative to the site (first wins). Default: ['<contentDir>/static']. @example ['static'] */
  staticDirectories: z.array(z.string()).min(1).optional(),
  /** Stylesheets added after the theme's, relative to the site (Docusaurus's theme.customCss). @example ['src/css/custom.css'] */
  customCss: z.array(z.string()).default([]),
  /**
   * Elements added to every page's <head>, before the theme's stylesheets: Docusaurus's
   * `headTags`, and its `stylesheets` and `scripts` (a docusaurus.config is mapped to these).
   * URLs are used as written (no baseUrl is added).
   * @example [{ tagName: 'link', attributes: { rel: 'preconnect', href: 'https://fonts.example.com' } }]
   */
  headTags: z.array(HeadTagSchema).default([]),
  pages: z
    .object({
      /** Folder of the site's pages, relative to the site. Default: '<contentDir>/pages'. @example 'src/pages' */
      path: z.string().optional(),
    })
    .default({}),
  /**
   * Extra remark and rehype plugins for every page, as Docusaurus's docs options take them:
   * a plugin or `[plugin, options]`. Remark plugins run after docgen's own, rehype plugins
   * before the search index reads the page. Applied by `docgen build` and `docgen dev` alike.
   * @example { remarkPlugins: [remarkMath], rehypePlugins: [[rehypeKatex, { strict: false }]] }
   */
  markdown: z
    .object({
      remarkPlugins: z.array(PluginEntrySchema).default([]),
      rehypePlugins: z.array(PluginEntrySchema).default([]),
      /** ```mermaid fences are diagrams (Docusaurus's `markdown.mermaid`). */
      mermaid: z.boolean().default(false),
      /** More `:::keyword` admonitions beside note, tip, info, warning, danger and caution (Docusaurus's docs `admonitions.keywords`), drawn as info. @example ['premium'] */
      admonitionKeywords: z.array(z.string().regex(/^[\w-]+$/, 'Expected letters, digits, "-" or "_"')).default([]),
      /**
       * A fence with `reference` in its meta holds the URL of a file on GitHub (`#L10-L20` for
       * some lines): the page shows those lines, fetched by the browser, and links to the file,
       * as docusaurus-theme-github-codeblock does (turned on when a Docusaurus site uses it).
       */
      codeReferences: z.boolean().default(false),
      /**
       * How files are read, as Docusaurus's `markdown.format`: 'mdx' (every file is MDX),
       * 'md' (CommonMark: no JSX or `{expressions}`, `<` is text, raw HTML allowed) or
       * 'detect' (.md files as CommonMark, .mdx as MDX), or 'mdx1' (as 'detect', but a .md file
       * with imports, exports or JSX components is MDX, as Docusaurus 2 read .md with MDX 1).
       * A file's front matter `mdx: { format: md }` overrides it. @example 'detect'
       */
      format: z.enum(['mdx', 'md', 'detect', 'mdx1'], { error: 'Expected "mdx", "md", "detect" or "mdx1"' }).default('mdx'),
    })
    .default({ remarkPlugins: [], rehypePlugins: [], mermaid: false, admonitionKeywords: [], codeReferences: false, format: 'mdx' }),
  i18n: z
    .object({
      defaultLocale: z.string().default('pt-BR'),
      locales: z.array(z.string()).min(1).default(['pt-BR']),
      localeConfigs: z.record(z.string(), LocaleConfigSchema).default({}),
    })
    .default({ defaultLocale: 'pt-BR', locales: ['pt-BR'], localeConfigs: {} }),
  docs: z
    .object({
      /** URL segment of the docs; '/' serves the docs at the site root (docs-only mode). @example 'docs' */
      routeBasePath: z.string().default('docs'),
      /** Folder of the (current) docs, relative to the site. Default: '<contentDir>/docs'. @example 'docs' */
      path: z.string().optional(),
      /**
       * A Docusaurus sidebars file (sidebars.js/.ts/.json), relative to the site; without it
       * every version gets one autogenerated sidebar. @example 'sidebars.js'
       */
      sidebarPath: z.string().optional(),
      /**
       * Newest first. Without 'current', the first lives in the docs folder and is served at
       * /docs/, older ones at /docs/<name>/ from versioned_docs/version-<name>.
       */
      versions: z.array(VersionSchema).min(1).optional(),
      /** The version served at the docs base and called latest (Docusaurus's lastVersion). Default: the first listed that is not 'current', else the first. */
      lastVersion: z.string().optional(),
      /** "Editar esta página": a base URL (the file's site-relative path is appended) or a function, as in Docusaurus. */
      editUrl: z.union([z.string(), z.custom<EditUrlFunction>((v) => typeof v === 'function')]).optional(),
      /** Show the date of the last commit of each doc (one `git log` for the whole site). */
      showLastUpdateTime: z.boolean().optional(),
      /** Show the author of that commit. */
      showLastUpdateAuthor: z.boolean().optional(),
      /** A doc whose `last_reviewed` is older than this many days shows a warning banner. @example 180 */
      staleAfterDays: z.number().int().positive().optional(),
      /** Globs of the doc files to read, relative to the docs folder (Docusaurus's `include`). @example ['**\/*.{md,mdx}'] */
      include: z.array(z.string()).optional(),
      /** Globs of doc files to leave out (Docusaurus's `exclude`); files and folders starting with _ always are. @example ['**\/drafts/**'] */
      exclude: z.array(z.string()).optional(),
      /** A front matter tag missing from the docs folder's tags.yml, when it has one (as in Docusaurus). */
      onInlineTags: z.enum(['warn', 'ignore', 'throw']).optional(),
      ...SidebarDefaults,
    })
    .default({ routeBasePath: 'docs' }),
  /**
   * More docs trees beside `docs`, each with its own folder, URL, sidebars and versions
   * (Docusaurus's extra `plugin-content-docs` instances).
   * @example [{ id: 'community', path: 'community', routeBasePath: 'community', sidebarPath: 'sidebarsCommunity.js' }]
   */
  docsInstances: z.array(z.object({
    /** The instance's id: navbar items name it in `docsPluginId`; its translations live in i18n/<locale>/docusaurus-plugin-content-docs-<id>/. */
    id: z.string().regex(/^[\w-]+$/, 'Expected letters, digits, "-" or "_"'),
    /** Folder of its docs, relative to the site. */
    path: z.string(),
    /** URL segment of its docs. @example 'community' */
    routeBasePath: z.string(),
    /** Its sidebars file, relative to the site; without it one autogenerated sidebar. */
    sidebarPath: z.string().optional(),
    /** "Editar esta página" for its pages (as a Docusaurus plugin instance: none unless it sets one). */
    editUrl: z.union([z.string(), z.custom<EditUrlFunction>((v) => typeof v === 'function')]).optional(),
    /**
     * Its versions, newest first, as `docs.versions`: 'current' is its folder, another name
     * lives in `<id>_versioned_docs/version-<name>` (sidebars in `<id>_versioned_sidebars/`).
     * Without it, one version: the docs in its folder.
     */
    versions: z.array(VersionSchema).min(1).optional(),
    /** The version served at its base and called latest, as `docs.lastVersion`. */
    lastVersion: z.string().optional(),
    ...SidebarDefaults,
  })).default([]),
  auth: AuthSchema.optional(),
  themeConfig: z
    .object({
      navbar: z
        .object({
          title: z.string().optional(),
          logo: LogoSchema.optional(),
          hideOnScroll: z.boolean().default(true),
          items: z.array(NavbarItemSchema).default([]),
        })
        .default({ hideOnScroll: true, items: [] }),
      footer: FooterSchema.optional(),
      announcementBar: AnnouncementBarSchema.optional(),
      colorMode: ColorModeSchema.default({ defaultMode: 'light', disableSwitch: false, respectPrefersColorScheme: false }),
      docs: z
        .object({
          breadcrumbs: z.boolean().default(true),
          /**
           * Docusaurus's `themeConfig.docs.sidebar`: `autoCollapseCategories` closes a category's
           * siblings when it is opened. Read by a site's swizzle of `DocSidebarItem` (through
           * `useThemeConfig`); docgen's own sidebar leaves the others open.
           * @example { autoCollapseCategories: true }
           */
          sidebar: z.object({ autoCollapseCategories: z.boolean().default(false) }).optional(),
        })
        .default({ breadcrumbs: true }),
      tableOfContents: TocSchema.default({ minHeadingLevel: 2, maxHeadingLevel: 3 }),
    })
    .default({
      navbar: { hideOnScroll: true, items: [] },
      colorMode: { defaultMode: 'light', disableSwitch: false, respectPrefersColorScheme: false },
      docs: { breadcrumbs: true },
      tableOfContents: { minHeadingLevel: 2, maxHeadingLevel: 3 },
    }),
});

/** What a site writes in site.config.ts. */
export type SiteConfigInput = z.input<typeof SiteConfigSchema>;
/** The validated configuration, defaults applied. */
export type SiteConfig = z.output<typeof SiteConfigSchema>;

export { NAVBAR_ITEM_TYPES };
