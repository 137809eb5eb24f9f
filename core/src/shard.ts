/**
 * Which shard a key belongs to, the same in node and the browser: large sites split the
 * route manifest into files by the hash of each route path, and the client fetches only the
 * file of the path it is about to load (what a page downloads stays flat in the site's size).
 * bench/lib/page-weight.mjs repeats it.
 */

/** A 31-multiplier string hash (as Java's): tiny in the page's bundle, spread well enough over paths. */
export function shardOf(key: string, count: number): number {
  let hash = 0;
  for (let i = 0; i < key.length; i++) hash = (hash * 31 + key.charCodeAt(i)) >>> 0;
  return count > 1 ? hash % count : 0;
}

/** The placeholder a sharded manifest URL holds where the shard number goes. */
export const SHARD_PLACEHOLDER = '{shard}';

/** URL of the manifest file that lists `path` (the URL itself when the manifest is one file). */
export function manifestShardUrl(manifest: string, shards: number | undefined, path: string): string {
  return shards && shards > 1 ? manifest.replace(SHARD_PLACEHOLDER, String(shardOf(path, shards))) : manifest;
}
