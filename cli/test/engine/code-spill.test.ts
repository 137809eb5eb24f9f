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
    for (const p of pages) spill.hold(p, 'code');
    expect(pages.map((p) => p.code)).toEqual(originals);
    expect(pages.map((p) => p.code)).toEqual(originals); // read again, same text
    pages[1].code = '';
    expect(pages[1].code).toBe('');
    expect(pages[0].code).toBe(originals[0]);
    expect(existsSync(file)).toBe(true);
    spill.close();
    expect(existsSync(file)).toBe(false);
  });

  it('moves a compile result\'s standalone forms out of the heap with its code', () => {
    const file = path.join(mkdtempSync(path.join(tmpdir(), 'spill-')), 'code');
    const spill = new CodeSpill(file);
    const result = { ok: true, code: 'export default 1;', standalone: { cjs: '"use strict";\nexports.default = 1;', esm: 'export default 1;' } };
    spill.holdResult(result);
    for (const [owner, key] of [[result, 'code'], [result.standalone, 'cjs'], [result.standalone, 'esm']] as const) {
      expect(Object.getOwnPropertyDescriptor(owner, key)?.get).toBeTypeOf('function');
    }
    expect(result.standalone).toEqual({ cjs: '"use strict";\nexports.default = 1;', esm: 'export default 1;' });
    spill.close();
  });
});
