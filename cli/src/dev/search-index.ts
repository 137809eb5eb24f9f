import type { Route } from '../routes/build-routes.js';
import { mapLimit } from '../utils/task.js';
import type { DevContent } from './content-state.js';

/**
 * Search in dev, built when first searched for (the search box fetches its index only then):
 * every doc of the (locale, version) is compiled through the page cache, which a build would
 * have done anyway, and later requests reuse those compiles. Any content change makes the
 * next request build it again (only changed pages recompile).
 */
export class DevSearch {
  private readonly indexes = new Map<string, { generation: number; text: Promise<string> }>();
  /** Files beside the index (page texts; a sharded index's term and page files), by the name it gives them. */
  private readonly texts = new Map<string, string>();
  private generation = 0;

  constructor(private readonly prefix: string) {}

  /** URL of a (locale, version) index (see searchKey), as BootData.searchIndex. */
  urlOf(key: string): string {
    return `${this.prefix}search.json?key=${encodeURIComponent(key)}&v=${this.generation}`;
  }

  /** Content changed somewhere: the next request rebuilds the index. */
  invalidate(): void {
    this.generation++;
  }

  index(content: DevContent, key: string): Promise<string> {
    const known = this.indexes.get(key);
    if (known?.generation === this.generation) return known.text;
    const text = this.build(content, key);
    this.indexes.set(key, { generation: this.generation, text });
    text.catch(() => this.indexes.delete(key));
    return text;
  }

  /** A file named by an index (its name carries a content hash). */
  text(name: string): string | undefined {
    return this.texts.get(name);
  }

  private async build(content: DevContent, key: string): Promise<string> {
    // Loaded on first search only: the dev server's start-up does not pay for MiniSearch.
    const { buildSearchAssets, inSearch, searchDocument, searchGroup } = await import('../search/index.js');
    const docs = content.table.routes.filter((r) => inSearch(r.page) && searchGroup(r.page) === key);
    const built = await mapLimit(docs, 4, async (route: Route) => {
      try {
        return { route, built: await content.page(route) };
      } catch {
        return { route, built: null }; // a page with a mistake is left out until fixed
      }
    });
    const documents = built.flatMap(({ route, built: b }) => (b?.compiled?.search ? [searchDocument(route.page, b.compiled.search)] : []));
    const { index, files } = buildSearchAssets(documents);
    for (const f of files) this.texts.set(f.name, f.content);
    return index;
  }
}
