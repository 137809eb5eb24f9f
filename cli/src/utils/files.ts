import { readdirSync } from 'node:fs';
import path from 'node:path';

/** Every file under `dir`, as a '/'-separated path relative to it. */
export function listFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((e) => !e.isDirectory())
    .map((e) => path.relative(dir, path.join(e.parentPath, e.name)).split(path.sep).join('/'));
}
