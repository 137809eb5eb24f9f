import { existsSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { CodeSpill } from '../../src/build/code-spill.js';

describe('CodeSpill', () => {
  it('keeps code on disk, reads it back exactly, drops it when set, and removes its file', () => {
    const file = path.join(mkdtempSync(path.join(tmpdir(), 'spill-')), 'code');
    const spill = new CodeSpill(file);
    const pages = [{ code: 'export const a = "“ação” — ok";' }, { code: 'x'.repeat(100_000) }, { code: '' }];
    const originals = pages.map((p) => p.code);
    for (const p of pages) spill.hold(p);
    expect(pages.map((p) => p.code)).toEqual(originals);
    expect(pages.map((p) => p.code)).toEqual(originals); // read again, same text
    pages[1].code = '';
    expect(pages[1].code).toBe('');
    expect(pages[0].code).toBe(originals[0]);
    expect(existsSync(file)).toBe(true);
    spill.close();
    expect(existsSync(file)).toBe(false);
  });
});
