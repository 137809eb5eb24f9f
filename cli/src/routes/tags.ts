import path from 'node:path';
import { fill } from '@docgen/core/messages';
import type { NavLink, TagData } from '@docgen/core/types';
import { joinRoute } from '@docgen/core/url';
import { ContentError, DocgenError } from '../errors.js';
import { resolveMessages, themeCatalog } from '../i18n/theme-messages.js';
import type { Route } from './build-routes.js';
import { kebabCase, readTagsFile, type TagDefinition } from './tags-file.js';

export type OnInlineTags = 'warn' | 'ignore' | 'throw';

export interface TagRoutesInput {
  locale: string;
  version: string;
  docsBase: string;
  /** The doc routes of this locale and version: each gets its tags (page.tags). */
  docRoutes: Route[];
  /** Where tags.yml may be, most specific first (the locale's docs folder, then the version's). */
  tagsFiles: string[];
  siteDir: string;
  contentDir: string;
  /** A tag not defined in tags.yml, when there is one (Docusaurus's option, 'warn' by default). */
  onInlineTags: OnInlineTags;
  problems: DocgenError[];
  warnings: string[];
}

interface Group {
  tag: TagData;
  docs: Route[];
}

/**
 * Front matter `tags` of one docs version in one locale → each doc's tag list, a page listing
 * every tag (`<docsBase>/tags`) and one page per tag (`<docsBase>/tags/<permalink>`), as
 * Docusaurus builds them. Unlisted docs keep their tags but are not listed on tag pages; a tag
 * only unlisted docs have still gets its page, unlisted itself.
 */
export function tagRoutes(input: TagRoutesInput): Route[] {
  const { docsBase, locale } = input;
  const defined = tagsDefinitions(input);
  const tagsPath = joinRoute(docsBase, 'tags');
  const groups = new Map<string, Group>();
  for (const route of input.docRoutes) {
    if (route.source?.kind !== 'mdx') continue;
    const { doc } = route.source;
    const tags = new Map<string, TagData>();
    for (const raw of doc.frontMatter.tags ?? []) {
      const def = typeof raw === 'string' ? defined?.get(raw) : undefined;
      if (defined && !def) reportInline(input, doc.siteRelativePath, typeof raw === 'string' ? raw : raw.label);
      const t: TagDefinition = def ?? (typeof raw === 'string' ? { label: raw, permalink: kebabCase(raw) } : raw);
      const href = joinRoute(tagsPath, t.permalink);
      tags.set(href, { label: t.label, href, ...(t.description ? { description: t.description } : {}) });
    }
    if (!tags.size) continue;
    route.page.tags = [...tags.values()];
    for (const tag of tags.values()) {
      const group = groups.get(tag.href) ?? { tag, docs: [] };
      group.docs.push(route);
      groups.set(tag.href, group);
    }
  }
  if (!groups.size) return [];
  const messages = localeMessages(input);
  const collator = new Intl.Collator(locale);
  const listed = (g: Group) => g.docs.filter((r) => !r.page.unlisted);
  const tagsList: TagData[] = [...groups.values()]
    .filter((g) => listed(g).length > 0)
    .map((g) => ({ ...g.tag, count: listed(g).length }))
    .sort((a, b) => collator.compare(a.label, b.label));
  const page = { locale, version: input.version, toc: [], alternates: {} };
  const routes: Route[] = [{ path: tagsPath, locale, sidebarKey: null, page: { ...page, path: tagsPath, kind: 'tags', title: messages['tags.title'], tags: tagsList } }];
  for (const group of groups.values()) {
    const docs = listed(group).length ? listed(group) : group.docs;
    const count = docs.length;
    const title = fill(messages['tags.docListTitle'], {
      nDocsTagged: fill(messages[count === 1 ? 'tags.nDocsTagged.one' : 'tags.nDocsTagged.other'], { count }),
      tagName: group.tag.label,
    });
    const links: NavLink[] = docs.map((r) => ({ title: r.page.title, href: r.path })).sort((a, b) => collator.compare(a.title, b.title));
    routes.push({
      path: group.tag.href,
      locale,
      sidebarKey: null,
      page: {
        ...page,
        path: group.tag.href,
        kind: 'tag',
        title,
        ...(group.tag.description ? { description: group.tag.description } : {}),
        tagged: { tag: group.tag, docs: links, allTagsHref: tagsPath },
        ...(listed(group).length ? {} : { unlisted: true }),
      },
    });
  }
  return routes;
}

/** The first tags.yml found; a broken one is a problem and the tags are then taken as inline. */
function tagsDefinitions(input: TagRoutesInput): Map<string, TagDefinition> | null {
  for (const file of input.tagsFiles) {
    try {
      const tags = readTagsFile(path.join(file, 'tags.yml'), input.siteDir);
      if (tags) return tags;
    } catch (error) {
      if (!(error instanceof DocgenError)) throw error;
      input.problems.push(error);
      return null;
    }
  }
  return null;
}

function reportInline(input: TagRoutesInput, file: string, label: string) {
  if (input.onInlineTags === 'ignore') return;
  const message = `Tag "${label}" is not defined in tags.yml; add it there, or set docs.onInlineTags to 'ignore'`;
  if (input.onInlineTags === 'warn') input.warnings.push(`${file}: ${message}`);
  else input.problems.push(new ContentError({ file, line: 1, column: 1 }, message));
}

/** The locale's strings for the pages' titles; a broken code.json is reported with the site data. */
function localeMessages(input: TagRoutesInput): Record<string, string> {
  try {
    return resolveMessages(input.locale, { siteDir: input.siteDir, contentDir: input.contentDir });
  } catch (error) {
    if (error instanceof DocgenError) return themeCatalog(input.locale);
    throw error;
  }
}
