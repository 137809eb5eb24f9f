import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { expect } from 'vitest';

/** Every file of a build folder, by relative path, with its bytes. */
export function snapshot(dir: string, rel = ''): Map<string, Buffer> {
  const out = new Map<string, Buffer>();
  for (const entry of readdirSync(path.join(dir, rel), { withFileTypes: true })) {
    const r = rel ? `${rel}/${entry.name}` : entry.name;
    if (entry.isDirectory()) for (const [k, v] of snapshot(dir, r)) out.set(k, v);
    else out.set(r, readFileSync(path.join(dir, r)));
  }
  return out;
}

export function expectSameOutput(a: string, b: string) {
  const [x, y] = [snapshot(a), snapshot(b)];
  expect([...y.keys()].sort()).toEqual([...x.keys()].sort());
  const differing = [...x].filter(([file, bytes]) => !bytes.equals(y.get(file)!)).map(([file]) => file);
  expect(differing).toEqual([]);
}

