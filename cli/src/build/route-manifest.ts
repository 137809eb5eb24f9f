import type { CurrentBuild, RouteManifest } from '@docgen/core/types';
import { SHARD_PLACEHOLDER, shardOf } from '@docgen/core/shard';
import { writeOutFile } from '../output/write.js';
import { contentHash } from './assets.js';

/**
 * Up to this many routes the manifest stays one file (what every small site had); beyond,
 * it is split so that one file holds about ROUTES_PER_SHARD routes, and the first navigation
 * of a 10,000-page site fetches a few KB instead of 245 KB gzip.
 */
export const MANIFEST_SPLIT_ROUTES = 500;
export const ROUTES_PER_SHARD = 250;

export interface WrittenManifest {
  /** Public URL, with `{shard}` when split. */
  url: string;
  shards?: number;
}

/** Writes the route manifest, one content-hashed file or shards by hash of the route path. */
export function writeRouteManifest(staging: string, base: string, manifest: RouteManifest): WrittenManifest {
  const text = JSON.stringify(manifest);
  const paths = Object.keys(manifest);
  if (paths.length <= MANIFEST_SPLIT_ROUTES) {
    const rel = `assets/routes-${contentHash(text)}.json`;
    writeOutFile(staging, rel, text);
    return { url: `${base}/${rel}` };
  }
  const count = Math.ceil(paths.length / ROUTES_PER_SHARD);
  const parts: RouteManifest[] = Array.from({ length: count }, () => ({}));
  for (const p of paths) parts[shardOf(p, count)][p] = manifest[p];
  // One hash for all shards: the client builds each shard's name from the boot data alone.
  const hash = contentHash(text);
  parts.forEach((part, i) => writeOutFile(staging, `assets/routes-${hash}-${i}.json`, JSON.stringify(part)));
  return { url: `${base}/assets/routes-${hash}-${SHARD_PLACEHOLDER}.json`, shards: count };
}

/** Where `assets/current.json` is: the one output name that does not change from build to build. */
export const CURRENT_BUILD_FILE = 'assets/current.json';

/**
 * Writes the build's current.json (CurrentBuild): the hashed URLs of the manifest and search
 * indexes, which every page would otherwise carry (and which change whenever any page does).
 */
export function writeCurrentBuild(staging: string, current: CurrentBuild): void {
  writeOutFile(staging, CURRENT_BUILD_FILE, JSON.stringify(current));
}

/** current.json's URL: the same in every build, so pages need not know what it holds. */
export const currentBuildUrl = (base: string) => `${base}/${CURRENT_BUILD_FILE}`;
