import { mkdtempSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { BlobPack } from '../../src/build/blob-pack.js';

const newDir = () => path.join(mkdtempSync(path.join(tmpdir(), 'docgen-pack-')), 'cache');
const packFiles = (dir: string) => readdirSync(dir).filter((f) => f.endsWith('.bin'));

describe('BlobPack (the caches of compressed copies, compiled pages, rendered bodies)', () => {
  it('keeps what a build used for the next one, drops the rest, and survives a failed build', () => {
    const dir = newDir();
    const first = new BlobPack(dir);
    first.put('a.br', Buffer.from('alpha'));
    first.put('b.br', Buffer.from('beta'));
    expect(first.get('a.br')?.toString()).toBe('alpha');
    first.finish();
    expect(readdirSync(dir).sort()).toEqual(['index.json', 'pack-1.bin']);

    // A build that uses only a.br: b.br is gone after it.
    const second = new BlobPack(dir);
    expect(second.has('b.br')).toBe(true);
    expect(second.get('a.br')?.toString()).toBe('alpha');
    second.put('c.br', Buffer.from('gamma'));
    second.put('a.br', Buffer.from('alpha, again')); // what a caller found stale is replaced
    second.finish();

    // A failed build leaves the pack as the last good build wrote it.
    const failed = new BlobPack(dir);
    failed.put('d.br', Buffer.from('delta'));
    expect(failed.get('a.br')?.toString()).toBe('alpha, again');
    failed.discard();

    const third = new BlobPack(dir);
    expect(third.get('a.br')?.toString()).toBe('alpha, again');
    expect(third.get('c.br')?.toString()).toBe('gamma');
    expect(third.get('b.br')).toBeNull();
    expect(third.get('d.br')).toBeNull();
    third.finish();
  });

  it('appends in place: a rebuild that uses what is there writes no blob again', () => {
    const dir = newDir();
    const first = new BlobPack(dir);
    for (let i = 0; i < 50; i++) first.put(`k${i}`, Buffer.alloc(1000, i));
    first.finish();
    const size = statSync(path.join(dir, 'pack-1.bin')).size;
    const again = new BlobPack(dir);
    for (let i = 0; i < 50; i++) expect(again.get(`k${i}`)?.equals(Buffer.alloc(1000, i))).toBe(true);
    again.finish();
    expect(packFiles(dir)).toEqual(['pack-1.bin']);
    expect(statSync(path.join(dir, 'pack-1.bin')).size).toBe(size);
  });

  it('copies the live blobs to a new pack once most of the file is dead', () => {
    const dir = newDir();
    const first = new BlobPack(dir);
    const big = Buffer.alloc(3 * 2 ** 20, 7);
    for (const k of ['a', 'b', 'c', 'd']) first.put(k, big);
    first.finish();
    const second = new BlobPack(dir);
    expect(second.get('a')?.equals(big)).toBe(true); // b, c and d die: 9 of 12 MiB
    second.put('e', Buffer.from('small'));
    second.finish();
    expect(packFiles(dir)).toEqual(['pack-2.bin']);
    expect(statSync(path.join(dir, 'pack-2.bin')).size).toBe(big.length + 5);
    const third = new BlobPack(dir);
    expect(third.get('a')?.equals(big)).toBe(true);
    expect(third.get('e')?.toString()).toBe('small');
    third.finish();
  });

  it('a second build running at once gets no cache rather than a corrupt one; a dead holder\'s lock is taken over', () => {
    const dir = newDir();
    const first = new BlobPack(dir);
    first.put('a', Buffer.from('alpha'));
    const second = new BlobPack(dir);
    second.put('b', Buffer.from('beta'));
    expect(second.get('a')).toBeNull();
    second.finish();
    first.finish();
    const next = new BlobPack(dir);
    expect(next.get('a')?.toString()).toBe('alpha');
    expect(next.get('b')).toBeNull();
    next.discard();

    // A build that was killed left its lock: the pid in it is not running.
    writeFileSync(path.join(dir, 'lock'), '999999999');
    const after = new BlobPack(dir);
    expect(after.get('a')?.toString()).toBe('alpha');
    after.finish();
    expect(readdirSync(dir)).not.toContain('lock');
  });
});
