import { mkdirSync, mkdtempSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ImageRegistry } from '../../src/build/assets.js';

/**
 * Image hashes are kept per thread by file, size and mtime (a registry lives for one page):
 * a page compiled after the image changed must get the new file's hash, as a dev worker
 * compiles pages for hours.
 */
describe('ImageRegistry', () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'image-registry-'));
  const page = path.join(dir, 'docs', 'page.mdx');
  const image = path.join(dir, 'docs', 'diagram.png');

  it('names an image by its content, and again after it changes', () => {
    mkdirSync(path.dirname(image), { recursive: true });
    writeFileSync(image, 'first version');
    const first = new ImageRegistry([], '').resolve('./diagram.png', page);
    expect(first).toMatch(/^\/assets\/img\/diagram-[0-9a-f]{8}\.png$/);
    expect(new ImageRegistry([], '').resolve('./diagram.png', page)).toBe(first);
    // Same size, another mtime: read again.
    writeFileSync(image, 'other version');
    utimesSync(image, new Date(), new Date(Date.now() + 5_000));
    const second = new ImageRegistry([], '').resolve('./diagram.png', page);
    expect(second).not.toBe(first);
    // Another size.
    writeFileSync(image, 'a third, longer version');
    expect(new ImageRegistry([], '').resolve('./diagram.png', page)).not.toBe(second);
    expect(new ImageRegistry([], '').resolve('./missing.png', page)).toBeNull();
    // An absolute path with no static folder to look in names nothing (and does not throw).
    expect(new ImageRegistry([], '').resolve('/img/logo.png', page)).toBeNull();
  });
});
