import path from 'node:path';
import type { SiteConfig } from '../config/schema.js';
import { lastCommits, lastCommitsLater, type Commit } from '../routes/page-extras.js';

const keyOf = (folders: string[]) => [...folders].sort().join('\0');

/**
 * The pages' last commits for a start's routes: `git log` starts as soon as the config is read
 * and runs beside the theme's loading, where run by buildRoutes it stopped the start until git
 * was done (15-35 ms of the company site's start). It is run for the folder the docs are
 * guessed to live in (the content folder's top one); the routes use it only when their docs
 * turn out to live exactly there, else they run git for theirs as a build does. Later rebuilds
 * run git again, as before.
 */
export class EarlyCommits {
  private fetched: { key: string; commits: Promise<Map<string, Commit>> } | null = null;
  private ready: Map<string, Commit> | null = null;

  constructor(config: SiteConfig, siteDir: string) {
    if (!config.docs.showLastUpdateTime && !config.docs.showLastUpdateAuthor) return;
    const top = path.relative(siteDir, path.resolve(siteDir, config.contentDir)).split(/[\\/]/)[0];
    if (!top || top === '..') return;
    this.fetched = { key: keyOf([top]), commits: lastCommitsLater(siteDir, [top]) };
  }

  /** Resolves once git is done (at once when nothing was started). */
  async wait(): Promise<void> {
    this.ready = (await this.fetched?.commits) ?? null;
  }

  /** For buildRoutes (lastCommits): the early result once, for the folders it was run for. */
  take = (siteDir: string, folders: string[]): Map<string, Commit> => {
    const early = this.ready && this.fetched?.key === keyOf(folders) ? this.ready : null;
    this.fetched = null;
    this.ready = null;
    return early ?? lastCommits(siteDir, folders);
  };
}
