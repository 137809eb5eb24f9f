import { describe, expect, it } from 'vitest';
import { linkContextMessage, unpackLinkContext } from '../../src/content/link-context-message.js';
import { LINK_ROOTS_KEY } from '../../src/content/plugins/links.js';

describe('a link context sent to a compile worker', () => {
  it('arrives as the same map, its roots key (which holds a NUL) and multi-line value included', () => {
    const map = new Map([
      ['/site/content/docs/guia/passo.md', '/docs/guia/passo'],
      ['/site/content/docs/nome com espaço e ç.mdx', '/docs/nome-com-espaço-e-ç'],
      [LINK_ROOTS_KEY, ['/site/content/i18n/en/docs', '/site/content/docs', '/site'].join('\n')],
    ]);
    const message = structuredClone(linkContextMessage(3, map));
    expect(message.id).toBe(3);
    expect(typeof message.pairs).toBe('string');
    const back = unpackLinkContext(message.pairs);
    expect([...back]).toEqual([...map]);
  });
});
