import { createHash } from 'node:crypto';
import { mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { threadId } from 'node:worker_threads';
import { version as esbuildVersion } from 'esbuild';
import { stampFiles, stampsHold, type FileStamp } from '../utils/file-stamps.js';

/** Bumped when what is kept, or how the config is bundled, changes. */
const FORMAT = 1;
/** Files beside a module (or above it) that change how esbuild resolves and compiles it. */
const RESOLUTION_FILES = ['tsconfig.json', 'jsconfig.json', 'package.json'];

interface Entry {
  engine: string;
  /** The config file it was bundled from: a copied site (.docgen included) must not use its original's. */
  config: string;
  /** The files esbuild read, by the hash of their text (a save within a coarse mtime still counts). */
  inputs: [file: string, hash: string][];
  /** Their folders, the files that steer resolution and docgen's own, by size and time (or absence). */
  stamps: FileStamp[];
  code: string;
}

/**
 * site.config.ts bundled, kept in the site's .docgen/cache between runs. Bundling it starts
 * esbuild's process: on a start where nothing else needs esbuild (dev with its theme cached),
 * that was 60–100 ms of the wait before the first page. The code is reused when every file
 * esbuild read for it is unchanged, and so is everything that decides what an import
 * resolves to: the folders those files sit in (a file added beside an import can win its
 * resolution) and the tsconfig, jsconfig and package.json files from there up to the root.
 * Reused code is evaluated as fresh code is: only the bundling is skipped.
 */
export function readConfigCode(configFile: string): string | null {
  try {
    const entry = JSON.parse(readFileSync(cacheFile(configFile), 'utf8')) as Entry;
    const same = entry.engine === engine() && entry.config === path.resolve(configFile) && stampsHold(entry.stamps) && entry.inputs.every(([f, hash]) => hashOf(f) === hash);
    return same ? entry.code : null;
  } catch {
    return null;
  }
}

/** Best effort: a cache that cannot be written costs the next run the bundling, nothing more. */
export function writeConfigCode(configFile: string, code: string, inputs: string[]): void {
  try {
    const file = cacheFile(configFile);
    // First: creating .docgen/ changes the time of the config's folder, which is stamped.
    mkdirSync(path.dirname(file), { recursive: true });
    const files = [...new Set(inputs)];
    const folders = new Set(files.map((f) => path.dirname(f)));
    // docgen's own code (the `docgen` module the config imports is generated here) is an input too.
    const stamps = stampFiles([fileURLToPath(import.meta.url), ...folders, ...resolutionFiles(folders)]);
    const entry: Entry = { engine: engine(), config: path.resolve(configFile), inputs: files.map((f) => [f, hashOf(f)]), stamps, code };
    // Compile workers load the config too: one temporary name per thread.
    const tmp = `${file}.${process.pid}.${threadId}.tmp`;
    writeFileSync(tmp, JSON.stringify(entry));
    renameSync(tmp, file);
  } catch {
    // read-only or full disk
  }
}

function resolutionFiles(folders: Iterable<string>): string[] {
  const seen = new Set<string>();
  for (let dir of folders) {
    while (!seen.has(dir)) {
      seen.add(dir);
      const parent = path.dirname(dir);
      if (parent === dir) break;
      dir = parent;
    }
  }
  return [...seen].flatMap((dir) => RESOLUTION_FILES.map((f) => path.join(dir, f)));
}

const hashOf = (file: string) => createHash('sha1').update(readFileSync(file)).digest('hex');
const cacheFile = (configFile: string) => path.join(path.dirname(configFile), '.docgen', 'cache', 'config', `${path.basename(configFile)}.json`);
const engine = () => JSON.stringify([FORMAT, esbuildVersion, process.version]);
