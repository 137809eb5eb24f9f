/**
 * Results as the search box shows them: pages, each with up to three sections, heading
 * paths, excerpts and highlight ranges. Excerpts need the page text files, fetched only for
 * the pages a result list shows and kept for later queries.
 */
import { excerpt, highlightRanges, matchStrength } from './excerpt.js';
import type { RankedPage, SearchIndex } from './query.js';
import type { ShardedSearchIndex } from './sharded.js';
import type { PageTextFile, SearchHit, SearchPageResult } from './types.js';

/** Reads a page text file by the name the index gives it. */
export type TextLoader = (fileName: string) => Promise<PageTextFile>;

/** Sections shown per page: enough to choose from, few enough to scan. */
export const HITS_PER_PAGE = 3;

export class Searcher {
  private readonly texts = new Map<string, PageTextFile | null>();
  private readonly loading = new Map<string, Promise<void>>();

  constructor(readonly index: SearchIndex | ShardedSearchIndex, private readonly loadText: TextLoader) {}

  /**
   * Results right away: ranking, titles, headings and links are complete; excerpts are
   * there for pages whose text is already loaded. A sharded index answers once prepare()
   * has fetched what the query needs (see ready()); before that, [].
   */
  search(query: string, limit = 10): SearchPageResult[] {
    return (this.index.search(query, limit) ?? []).map((ranked) => present(ranked, this.texts.get(ranked.page.textFile) ?? undefined));
  }

  /** Whether search() can answer `query` without fetching (always, for an index in one file). */
  ready(query: string, limit = 10): boolean {
    return !('prepare' in this.index) || this.index.search(query, limit) !== null;
  }

  /** Fetches what `query` needs from a sharded index; nothing to do for an index in one file. */
  async prepare(query: string, limit = 10): Promise<void> {
    if ('prepare' in this.index) await this.index.prepare(query, limit);
  }

  /** The same results once the listed pages' texts are loaded (a failed load only loses excerpts). */
  async searchWithExcerpts(query: string, limit = 10): Promise<SearchPageResult[]> {
    await this.prepare(query, limit);
    const ranked = this.index.search(query, limit) ?? [];
    await Promise.all(ranked.map((r) => this.ensureText(r.page.textFile)));
    return ranked.map((r) => present(r, this.texts.get(r.page.textFile) ?? undefined));
  }

  private ensureText(name: string): Promise<void> {
    if (this.texts.has(name)) return Promise.resolve();
    let pending = this.loading.get(name);
    if (!pending) {
      pending = this.loadText(name).then(
        (file) => void this.texts.set(name, file),
        () => void this.texts.set(name, null),
      );
      this.loading.set(name, pending);
    }
    return pending;
  }
}

/**
 * One page's result. A body-text match is found on the page's top document (text is
 * indexed per page): with the page's texts at hand it is moved to the sections that
 * actually contain the words, so the link lands on the right heading.
 */
export function present(ranked: RankedPage, texts: PageTextFile | undefined): SearchPageResult {
  const { page } = ranked;
  const terms = ranked.terms;
  const scores = new Map<number, number>();
  const add = (section: number, score: number) => scores.set(section, Math.max(scores.get(section) ?? 0, score));

  for (const hit of ranked.hits) {
    if (hit.section > 0) {
      add(hit.section, hit.score);
      continue;
    }
    if (!texts || !hit.fields.has('text')) {
      add(0, hit.score);
      continue;
    }
    // Each section (the top counting its title and description) scores by how many of the
    // matched words it holds, so "registro número em uso" lands on the section that has
    // them all rather than on a title that has one.
    const strengths = texts.texts.map((text, section) => {
      const [last] = page.sections[section].headings.slice(-1);
      const extra = section === 0 ? `${page.title} ${texts.description ?? ''}` : last ?? '';
      return { section, strength: matchStrength(`${extra} ${text}`, terms) };
    });
    const best = Math.max(...strengths.map((s) => s.strength.distinct));
    if (best === 0) {
      add(0, hit.score); // matched through a word variant no display text holds
      continue;
    }
    // A title that holds every matched word makes the page's top the best place to land.
    const titleCovers = hit.fields.has('title') && matchStrength(page.title, terms).distinct >= best;
    if (titleCovers) add(0, hit.score);
    strengths
      .filter((s) => s.strength.distinct > 0)
      .sort((a, b) => b.strength.distinct - a.strength.distinct || b.strength.count - a.strength.count || a.section - b.section)
      .slice(0, HITS_PER_PAGE)
      .forEach((s, rank) => add(s.section, (hit.score * s.strength.distinct) / best - 0.01 * (rank + (titleCovers ? 1 : 0))));
  }

  const hits = [...scores]
    .sort((a, b) => b[1] - a[1] || a[0] - b[0])
    .slice(0, HITS_PER_PAGE)
    .map(([section, score]): SearchHit => {
      const { anchor, headings } = page.sections[section];
      const text = texts ? texts.texts[section] || (section === 0 ? texts.description ?? '' : '') : '';
      const shown = excerpt(text, terms);
      return {
        href: anchor ? `${page.path}#${anchor}` : page.path,
        anchor,
        headings,
        excerpt: shown.text,
        highlights: shown.highlights,
        headingHighlights: highlightRanges(headings[headings.length - 1] ?? '', terms),
        score,
      };
    });

  return { path: page.path, title: page.title, titleHighlights: highlightRanges(page.title, terms), hits, score: ranked.score };
}
