import { mkdtempSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { BlobPack } from '../../src/build/blob-pack.js';

describe('BlobPack (the compressed copies cache)', () => {
  it('keeps what a build used for the next one, drops the rest, and survives a failed build', () => {
    const dir = path.join(mkdtempSync(path.join(tmpdir(), 'docgen-pack-')), 'compress');
    const first = new BlobPack(dir);
    first.put('a.br', Buffer.from('alpha'));
    first.put('b.br', Buffer.from('beta'));
    expect(first.get('a.br')?.toString()).toBe('alpha');
    first.finish();
    expect(readdirSync(dir).sort()).toEqual(['index.json', 'pack.bin']);

    // A build that uses only a.br: b.br is gone after it.
    const second = new BlobPack(dir);
    expect(second.get('a.br')?.toString()).toBe('alpha');
    second.put('c.br', Buffer.from('gamma'));
    second.finish();

    // A failed build leaves the pack as the last good build wrote it.
    const failed = new BlobPack(dir);
    failed.put('d.br', Buffer.from('delta'));
    failed.discard();

    const third = new BlobPack(dir);
    expect(third.get('a.br')?.toString()).toBe('alpha');
    expect(third.get('c.br')?.toString()).toBe('gamma');
    expect(third.get('b.br')).toBeNull();
    expect(third.get('d.br')).toBeNull();
    third.finish();
  });
});
