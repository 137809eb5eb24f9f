import { mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { readDoc } from '../../src/content/load-docs.js';
import { DocCache } from '../../src/dev/doc-cache.js';

describe('DocCache (what docgen dev read of each doc at its last start)', () => {
  let site: string;
  const files = ['intro.mdx', 'guia/primeiros-passos.md'];
  const abs = (rel: string) => path.join(site, 'content', 'docs', rel);
  const readAll = (cache: DocCache) => files.map((rel) => cache.read(abs(rel), rel, path.join('content', 'docs', rel)));

  beforeEach(() => {
    site = mkdtempSync(path.join(tmpdir(), 'docgen-doc-cache-'));
    mkdirSync(path.join(site, 'content', 'docs', 'guia'), { recursive: true });
    writeFileSync(abs(files[0]), '---\ntitle: Introdução\nsidebar_position: 1\n---\n\nTexto da introdução.\n');
    writeFileSync(abs(files[1]), '# Primeiros passos\n\nTexto.\n');
  });
  afterEach(() => rmSync(site, { recursive: true, force: true }));

  it('gives front matter dates back as dates, as reading the file does', () => {
    writeFileSync(abs(files[0]), '---\ntitle: Introdução\nlast_update:\n  date: 2026-03-04\n  author: Ana\n---\n\nTexto.\n');
    const first = new DocCache(site);
    const fresh = readAll(first);
    first.save();
    const cached = readAll(new DocCache(site));
    expect(cached[0].frontMatter).toEqual(fresh[0].frontMatter);
    expect((cached[0].frontMatter as { last_update: { date: unknown } }).last_update.date).toBeInstanceOf(Date);
  });

  it('reads an edited doc as from its file, its front matter parsed again only when its block changed', () => {
    const first = new DocCache(site);
    readAll(first);
    first.save();
    const edits: [string, string][] = [
      // The body changed, the front matter block did not.
      [files[0], '---\ntitle: Introdução\nsidebar_position: 1\n---\n\n# Outro título\n\nTexto novo.\n'],
      // No front matter before, none now: the first heading is still the title.
      [files[1], '# Passos renomeados\n\nTexto.\n'],
    ];
    const compare = () => {
      const cache = new DocCache(site);
      const docs = readAll(cache);
      files.forEach((rel, i) => {
        const fresh = readDoc(abs(rel), rel, path.join('content', 'docs', rel));
        expect({ ...docs[i], body: docs[i].body }).toEqual({ ...fresh, body: fresh.body });
      });
      cache.save();
    };
    for (const [rel, text] of edits) writeFileSync(abs(rel), text);
    compare();
    // Front matter where there was none, and a changed block.
    writeFileSync(abs(files[1]), '---\ntitle: Com front matter\nsidebar_position: 7\n---\n\nTexto.\n');
    writeFileSync(abs(files[0]), '---\ntitle: Outra introdução\nsidebar_position: 1\n---\n\n# Outro título\n\nTexto novo.\n');
    compare();
  });

  it('reads every doc the first time, then only the ones whose size or time changed', () => {
    const first = new DocCache(site);
    const fresh = readAll(first);
    expect([first.hits, first.misses]).toEqual([0, 2]);
    first.save();

    const second = new DocCache(site);
    const cached = readAll(second);
    expect([second.hits, second.misses]).toEqual([2, 0]);
    // The same doc as readDoc gives, text included (read when first asked for: a getter of its class).
    expect(cached.map((d) => ({ ...d, body: d.body }))).toEqual(fresh.map((d) => ({ ...d, body: d.body })));
    second.save();

    writeFileSync(abs(files[1]), '# Primeiros passos, renomeado\n\nTexto.\n');
    utimesSync(abs(files[1]), new Date(), new Date(Date.now() + 5000));
    const third = new DocCache(site);
    const after = readAll(third);
    expect([third.hits, third.misses]).toEqual([1, 1]);
    expect(after[1].title).toBe('Primeiros passos, renomeado');
    expect({ ...after[1] }).toEqual({ ...readDoc(abs(files[1]), files[1], path.join('content', 'docs', files[1])) });
  });

  it('cuts a cached doc\'s text from its file without parsing the front matter again', () => {
    // Front matter forms whose body must stay exactly as readDoc gives it (lines kept, BOM, CRLF, none).
    const sources = {
      'crlf.md': '---\r\ntitle: CRLF\r\n---\r\n\r\nTexto.\r\n',
      'bom.mdx': '\uFEFF---\ntitle: BOM\n---\nTexto.\n',
      'sem-front-matter.md': '# Só texto\n\n---\n\nDepois da linha.\n',
      'vazio.md': '---\ntitle: Vazio\n---\n',
      'repetido.md': '---\ntitle: Repete\n---\ntitle: Repete\n---\n',
      'acentos.mdx': '---\ntitle: "Ação – ç"\ndescription: "ñ 🎉"\n---\n\nTexto com acentuação: ação, emoção 🎉.\n',
    };
    for (const [rel, text] of Object.entries(sources)) writeFileSync(abs(rel), text);
    const rels = Object.keys(sources);
    const readThem = (cache: DocCache) => rels.map((rel) => cache.read(abs(rel), rel, path.join('content', 'docs', rel)));
    const first = new DocCache(site);
    readThem(first);
    first.save();
    const second = new DocCache(site);
    const bodies = readThem(second).map((d) => d.body);
    expect(second.hits).toBe(rels.length);
    expect(second.parses).toBe(0);
    expect(bodies).toEqual(rels.map((rel) => readDoc(abs(rel), rel, path.join('content', 'docs', rel)).body));

    // A file changed after the routes read it (before its text is asked for) is parsed again.
    const third = new DocCache(site);
    const [crlf] = readThem(third);
    writeFileSync(abs('crlf.md'), '---\ntitle: CRLF\nsidebar_position: 2\n---\n\nTexto novo.\n');
    expect(crlf.body).toBe('\n\n\n\n\nTexto novo.\n');
    expect(third.parses).toBe(1);
  });

  it('lets a saved text replace the cached one (a text-only edit while dev runs)', () => {
    const first = new DocCache(site);
    readAll(first);
    first.save();
    const [doc] = readAll(new DocCache(site));
    doc.body = 'Texto novo.\n';
    expect(doc.body).toBe('Texto novo.\n');
  });
});
