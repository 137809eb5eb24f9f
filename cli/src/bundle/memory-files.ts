import type { OutputFile } from 'esbuild';
import { contentTypeOf } from '../serve/content-type.js';
import { outputName } from './options.js';

export interface MemoryFile {
  contents: Uint8Array | string;
  type: string;
}

/** Files the dev server built in memory (bundles, chunks, media), by URL path. */
export class MemoryFiles {
  private readonly files = new Map<string, MemoryFile>();

  constructor(
    /** URL prefix the bundles were built for, e.g. '/__docgen/dev/'. */
    readonly prefix: string,
  ) {}

  get(urlPath: string): MemoryFile | undefined {
    return this.files.get(urlPath);
  }

  /** Adds esbuild outputs under `folder` (below the prefix); returns their URLs by output name. */
  addOutputs(folder: string, outputs: OutputFile[]): Map<string, string> {
    const urls = new Map<string, string>();
    for (const out of outputs) {
      const name = outputName(out);
      const url = this.urlOf(folder, name);
      this.files.set(url, { contents: out.contents, type: contentTypeOf(out.path) });
      urls.set(name, url);
    }
    return urls;
  }

  /** Drops every file of one folder (a rebuilt bundle replaces its previous outputs). */
  clearFolder(folder: string): void {
    const start = this.urlOf(folder, '');
    for (const key of [...this.files.keys()]) if (key.startsWith(start)) this.files.delete(key);
  }

  /** Every file of the given folders, to keep them on disk (see theme-cache.ts). */
  export(folders: string[]): [string, MemoryFile][] {
    const starts = folders.map((f) => this.urlOf(f, ''));
    return [...this.files].filter(([url]) => starts.some((s) => url.startsWith(s)));
  }

  /** Files read back from disk (their URLs carry this prefix, as when they were built). */
  import(files: [string, MemoryFile][]): void {
    for (const [url, file] of files) this.files.set(url, file);
  }

  urlOf(folder: string, name: string): string {
    return `${this.prefix}${folder}/${name}`;
  }
}
