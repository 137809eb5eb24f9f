import { createHash } from 'node:crypto';
import { mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir, userInfo } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { engineDir } from '../bundle/virtual-modules.js';
import { scanAllFiles } from '../content/scan.js';
import { stampFiles, stampsHold, type FileStamp } from '../utils/file-stamps.js';
import type { MemoryFile } from '../bundle/memory-files.js';
import type { EntryAssets } from '../bundle/theme.js';

/** What start-up needs of the theme: React and the client entry for the browser, the server entry. */
export interface ThemeBundles {
  files: [string, MemoryFile][];
  app: EntryAssets;
  server: string;
  /** The files they were built from (filled in by read()). */
  inputs: string[];
}

interface Entry {
  /** Every file the bundles were built from, with the size and time it had then. */
  inputs: FileStamp[];
  files: [string, string, string][];
  app: EntryAssets;
  server: string;
}

/**
 * The theme's bundles kept on disk between starts. They depend on the theme's files, the
 * packages it imports and docgen itself, never on the site's content, so a start whose
 * inputs are all unchanged (same size and time) reuses them instead of running esbuild:
 * that is most of the CPU a start needs, on a machine where every core is busy starting.
 * The folder is DOCGEN_DEV_CACHE_DIR, else one in the system's temp folder.
 */
export class ThemeCache {
  private readonly file: string;

  constructor(siteDir: string, base: string, dir = process.env.DOCGEN_DEV_CACHE_DIR || path.join(tmpdir(), `docgen-dev-cache-${safeUser()}`)) {
    // One entry per engine install, base URL (the bundles' URLs include it) and set of theme
    // overrides (a new override file is an input the previous bundles never read).
    const overrides = scanAllFiles(path.join(siteDir, 'src', 'theme')).map((f) => f.absolutePath);
    const key = createHash('sha1').update(JSON.stringify([engineDir(), base, versionOf('esbuild'), versionOf('preact'), versionOf('react'), overrides])).digest('hex').slice(0, 16);
    this.file = path.join(dir, `theme-${key}.json`);
  }

  /** The cache file's identity: a page rendered with these bundles holds while it is the same. */
  stamp(): string {
    return JSON.stringify(stampFiles([this.file])[0]);
  }

  read(): ThemeBundles | null {
    let entry: Entry;
    try {
      entry = JSON.parse(readFileSync(this.file, 'utf8')) as Entry;
    } catch {
      return null;
    }
    if (!entry.inputs?.length || !stampsHold(entry.inputs)) return null;
    return {
      files: entry.files.map(([url, type, b64]) => [url, { type, contents: Buffer.from(b64, 'base64') }]),
      app: entry.app,
      server: entry.server,
      inputs: entry.inputs.map(([file]) => file),
    };
  }

  /** Best effort: a cache that cannot be written only costs the next start some time. */
  write(bundles: ThemeBundles, inputs: string[]): void {
    try {
      // docgen's own code generates part of the bundles (the vendor entries): it is an input too.
      const all = [...new Set([...inputs, fileURLToPath(import.meta.url)])];
      const entry: Entry = {
        inputs: stampFiles(all).filter(([, size]) => size !== -1),
        files: bundles.files.map(([url, f]) => [url, f.type, Buffer.from(f.contents).toString('base64')]),
        app: bundles.app,
        server: bundles.server,
      };
      mkdirSync(path.dirname(this.file), { recursive: true });
      const tmp = `${this.file}.${process.pid}.tmp`;
      writeFileSync(tmp, JSON.stringify(entry));
      renameSync(tmp, this.file);
    } catch {
      // read-only or full disk: start without a cache
    }
  }
}

function versionOf(pkg: string): string {
  try {
    return (createRequire(path.join(engineDir(), 'package.json'))(`${pkg}/package.json`) as { version: string }).version;
  } catch {
    return '?';
  }
}

function safeUser(): string {
  try {
    return userInfo().username.replace(/[^\w.-]/g, '_');
  } catch {
    return 'user';
  }
}
