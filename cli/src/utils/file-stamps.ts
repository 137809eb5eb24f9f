import { statSync } from 'node:fs';

/** A file's size and modification time when something was made from it; -1, -1 when absent. */
export type FileStamp = [file: string, size: number, mtimeMs: number];

/** Stamps of files (or folders: their time changes when an entry is added or removed). */
export function stampFiles(files: Iterable<string>): FileStamp[] {
  const stamps: FileStamp[] = [];
  for (const file of files) {
    const s = statSync(file, { throwIfNoEntry: false });
    stamps.push(s ? [file, s.size, s.mtimeMs] : [file, -1, -1]);
  }
  return stamps;
}

/** True when every file still has its stamp: present with the same size and time, or still absent. */
export function stampsHold(stamps: readonly FileStamp[]): boolean {
  return changedStamps(stamps, 1).length === 0;
}

/** The files whose stamp no longer holds, in the stamps' order; the look stops at `limit` of them. */
export function changedStamps(stamps: readonly FileStamp[], limit: number): string[] {
  const changed: string[] = [];
  for (const [file, size, mtime] of stamps) {
    const s = statSync(file, { throwIfNoEntry: false });
    if (s ? s.size !== size || s.mtimeMs !== mtime : size !== -1) {
      if (changed.push(file) >= limit) break;
    }
  }
  return changed;
}
