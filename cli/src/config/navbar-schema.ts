import { z } from 'zod';

/** Every navbar item type SPEC.md names, as written in site.config.ts. */
export const NAVBAR_ITEM_TYPES = [
  'default',
  'dropdown',
  'localeDropdown',
  'search',
  'html',
  'doc',
  'docSidebar',
  'docsVersion',
  'docsVersionDropdown',
] as const;

const base = {
  /** 'left' or 'right'. @default 'right' */
  position: z.enum(['left', 'right'], { error: 'Expected "left" or "right"' }).default('right'),
  label: z.string().optional(),
  className: z.string().optional(),
};

const LinkItem = z.object({
  ...base,
  type: z.literal('default'),
  /** Internal route. @example '/docs/intro' */
  to: z.string().optional(),
  /** External URL. @example 'https://business.facebook.com' */
  href: z.string().optional(),
  activeBasePath: z.string().optional(),
  activeBaseRegex: z.string().optional(),
});

const withDefaultType = (v: unknown) =>
  v && typeof v === 'object' && !('type' in v) ? { ...v, type: 'default' } : v;

const DocItem = z.object({ ...base, type: z.literal('doc'), docId: z.string(), docsPluginId: z.string().optional() });
const DocSidebarItem = z.object({ ...base, type: z.literal('docSidebar'), sidebarId: z.string(), docsPluginId: z.string().optional() });
const DocsVersionItem = z.object({ ...base, type: z.literal('docsVersion'), version: z.string().optional(), to: z.string().optional(), docsPluginId: z.string().optional() });

/** A dropdown's entries are links: plain ones, or a doc, a sidebar or a docs version (resolved to their URL). */
const DropdownItem = z.object({
  ...base,
  type: z.literal('dropdown'),
  label: z.string(),
  items: z.array(z.preprocess(withDefaultType, z.discriminatedUnion('type', [LinkItem, DocItem, DocSidebarItem, DocsVersionItem]))),
});

const NavbarItemUnion = z.discriminatedUnion(
  'type',
  [
    LinkItem,
    DropdownItem,
    z.object({ ...base, type: z.literal('localeDropdown') }),
    z.object({ ...base, type: z.literal('search') }),
    z.object({ ...base, type: z.literal('html'), value: z.string() }),
    DocItem,
    DocSidebarItem,
    DocsVersionItem,
    z.object({ ...base, type: z.literal('docsVersionDropdown'), versions: z.array(z.string()).optional(), docsPluginId: z.string().optional() }),
  ],
  {
    error: (issue) =>
      issue.code === 'invalid_union'
        ? `Unknown navbar item type ${JSON.stringify((issue.input as { type?: unknown })?.type)}; expected one of: ${NAVBAR_ITEM_TYPES.join(', ')}`
        : undefined,
  },
);

/** A navbar item; `type` defaults to 'default' (a link). */
export const NavbarItemSchema = z.preprocess(withDefaultType, NavbarItemUnion);

export type NavbarItemConfig = z.output<typeof NavbarItemUnion>;
