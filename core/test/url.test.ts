import { describe, expect, it } from 'vitest';
import { canonicalRoutePath, decodePathname, encodePathname, isExternalHref, isInternalRoute, joinRoute, normalizeRoutePath } from '../src/url.js';

describe('normalizeRoutePath: the one URL normaliser (serve, dev, routes, link check, theme)', () => {
  const cases: [string, string][] = [
    ['/', '/'],
    ['', '/'],
    ['/docs/intro', '/docs/intro'],
    ['/docs/intro/', '/docs/intro'],
    ['/docs/intro///', '/docs/intro'],
    ['/docs/intro/index.html', '/docs/intro'],
    ['/docs/intro.html', '/docs/intro'],
    ['/index.html', '/'],
    ['/docs//intro', '/docs/intro'],
    ['//docs/intro', '/docs/intro'],
    ['/docs/./intro', '/docs/intro'],
    ['/docs/bm/../intro', '/docs/intro'],
    ['/../../etc/passwd', '/etc/passwd'],
    ['/docs/category/defini%C3%A7%C3%B5es-e-processos', '/docs/category/definições-e-processos'],
    ['/docs/category/definições-e-processos/', '/docs/category/definições-e-processos'],
    ['/docs/category/defini%C3%A7%C3%B5es/index.html', '/docs/category/definições'],
    ['/docs/%E2%80%94', '/docs/—'],
    ['/docs/a%2Fb', '/docs/a%2Fb'], // an encoded slash is not a separator
    ['/docs/%E0%A4%A', '/docs/%E0%A4%A'], // malformed escape kept: matches no route
  ];
  it.each(cases)('%s → %s', (input, expected) => {
    expect(normalizeRoutePath(input)).toBe(expected);
  });

  it('decodes once: an encoded percent stays a percent', () => {
    expect(normalizeRoutePath('/a%2541')).toBe('/a%41');
    expect(canonicalRoutePath(decodePathname('/a%2541'))).toBe('/a%41');
  });

  it('encodes a decoded path for headers and back without loss', () => {
    for (const p of ['/docs/category/definições-e-processos', '/docs/—', '/a b', '/a%41', '/a?b#c']) {
      const encoded = encodePathname(p);
      expect(encoded).toMatch(/^[\x21-\x7e]+$/);
      expect(decodeURIComponent(encoded)).toBe(p);
    }
  });
});

describe('external and internal links', () => {
  it.each([
    ['https://example.com', true],
    ['mailto:a@b.c', true],
    ['//evil.example/x', true],
    ['/docs/intro', false],
    ['intro', false],
    ['#x', false],
  ])('isExternalHref(%s) = %s', (href, expected) => expect(isExternalHref(href)).toBe(expected));

  it('routes only extension-less and .html paths under the base', () => {
    expect(isInternalRoute('/docs/intro', '/')).toBe(true);
    expect(isInternalRoute('/docs/intro.html', '/')).toBe(true);
    expect(isInternalRoute('/assets/guia.pdf', '/')).toBe(false);
    expect(isInternalRoute('/other/x', '/base/')).toBe(false);
    expect(isInternalRoute('/base', '/base/')).toBe(true);
    expect(isInternalRoute('#top', '/')).toBe(true);
  });
});

describe('withBaseUrl', () => {
  it('adds the baseUrl to an absolute path written without it, as Docusaurus links do', async () => {
    const { withBaseUrl } = await import('../src/url.js');
    expect(withBaseUrl('/intro', '/docs/')).toBe('/docs/intro');
    expect(withBaseUrl('/', '/docs/')).toBe('/docs/');
    expect(withBaseUrl('/docs/intro#a', '/docs/')).toBe('/docs/intro#a');
    expect(withBaseUrl('/docs', '/docs/')).toBe('/docs');
    expect(withBaseUrl('/docsx/y', '/docs/')).toBe('/docs/docsx/y');
    expect(withBaseUrl('//cdn.example.com/x', '/docs/')).toBe('//cdn.example.com/x');
    expect(withBaseUrl('intro', '/docs/')).toBe('intro');
    expect(withBaseUrl('/intro', '/')).toBe('/intro');
  });
});

describe('joinRoute: URL segments into a route path', () => {
  const cases: [string[], string][] = [
    [['', 'docs', 'intro'], '/docs/intro'],
    [['/base', '/docs/', 'intro/'], '/base/docs/intro'],
    [['docs', '', ''], '/docs'],
    [['', ''], '/'],
    [['/'], '/'],
    [['///'], '/'],
    [[''], '/'],
    [['/docs//', '//a///'], '/docs/a'],
    [['/docs', 'ç ã'], '/docs/ç ã'],
  ];
  it.each(cases)('%j → %s', (parts, expected) => expect(joinRoute(...parts)).toBe(expected));
});
