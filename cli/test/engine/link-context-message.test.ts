import { describe, expect, it } from 'vitest';
import { linkContextFromText, linkContextMessage, linkContextText, unpackLinkContext } from '../../src/content/link-context-message.js';
import { linkContextHash } from '../../src/dev/link-context-hash.js';
import { LINK_ROOTS_KEY } from '../../src/content/plugins/links.js';

describe('a link context sent to a compile worker', () => {
  const map = () =>
    new Map([
      ['/site/content/docs/guia/passo.md', '/docs/guia/passo'],
      ['/site/content/docs/nome com espaço e ç.mdx', '/docs/nome-com-espaço-e-ç'],
      [LINK_ROOTS_KEY, ['/site/content/i18n/en/docs', '/site/content/docs', '/site'].join('\n')],
    ]);

  it('arrives as the same map, its roots key (which holds a NUL) and multi-line value included', () => {
    const sent = map();
    const message = structuredClone(linkContextMessage(3, sent));
    expect(message.id).toBe(3);
    expect(typeof message.pairs).toBe('string');
    const back = unpackLinkContext(message.pairs);
    expect([...back]).toEqual([...sent]);
  });

  it('read back from its text (a kept start page), is the same map, with the same text and hash, and read only', () => {
    const original = map();
    const text = linkContextText(original);
    expect(text).not.toContain('\n'); // the kept inputs file separates its parts by lines
    const back = linkContextFromText(text);
    expect(linkContextText(back)).toBe(text);
    expect(linkContextHash(back)).toBe(linkContextHash(original));
    expect(back.get('/site/content/docs/guia/passo.md')).toBe('/docs/guia/passo');
    expect(back.has('/site/content/docs/outro.md')).toBe(false);
    expect(back.size).toBe(3);
    expect([...back]).toEqual([...original]);
    expect([...back.keys()]).toEqual([...original.keys()]);
    expect([...back.values()]).toEqual([...original.values()]);
    const seen: string[] = [];
    back.forEach((route) => seen.push(route));
    expect(seen).toEqual([...original.values()]);
    expect(unpackLinkContext(linkContextMessage(1, back).pairs)).toEqual(original);
    expect(() => back.set('/x.md', '/x')).toThrow(/read only/);
    expect(() => back.delete('/site/content/docs/guia/passo.md')).toThrow(/read only/);
    expect(() => back.clear()).toThrow(/read only/);
    expect(back.size).toBe(3);
  });
});
