import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { maxAgeSeconds } from '../../src/serve/jwks.js';
import { parseTarget } from '../../src/serve/request-path.js';
import { inlineScriptHashes } from '../../src/serve/security-headers.js';

describe('parseTarget', () => {
  it('decodes a normal path and keeps the query', () => {
    expect(parseTarget('/docs/category/defini%C3%A7%C3%B5es?x=1')).toEqual({ ok: true, pathname: '/docs/category/definições', search: '?x=1' });
    expect(parseTarget('/docs/intro/')).toEqual({ ok: true, pathname: '/docs/intro/', search: '' });
  });

  it.each(['/..', '/a/../b', '/%2e%2e/x', '/a%2fb', '/a%5Cb', '/a\\b', '/%00', '/a%0a', '//x', '/a//b', '/%E0%A4%A', 'x', '', '*'])(
    'refuses %s with 400', (target) => {
      expect(parseTarget(target)).toEqual({ ok: false, status: 400 });
    },
  );

  it('answers dot files with 404', () => {
    expect(parseTarget('/.docgen/manifest.json')).toEqual({ ok: false, status: 404 });
    expect(parseTarget('/a/.env')).toEqual({ ok: false, status: 404 });
  });

  it('refuses over-long targets', () => {
    expect(parseTarget('/' + 'a'.repeat(5000))).toEqual({ ok: false, status: 400 });
  });
});

describe('maxAgeSeconds', () => {
  it('reads max-age, within bounds', () => {
    expect(maxAgeSeconds('public, max-age=19845, must-revalidate, no-transform')).toBe(19845);
    expect(maxAgeSeconds('max-age=0')).toBe(60);
    expect(maxAgeSeconds('max-age=99999999')).toBe(86400);
    expect(maxAgeSeconds(null)).toBe(3600);
  });
});

describe('inlineScriptHashes', () => {
  it('hashes executable inline scripts only', () => {
    const js = "document.documentElement.setAttribute('data-theme','light');";
    const html = `<script>${js}</script><script type="application/json">{"a":1}</script><script type="module" src="/x.js"></script>`;
    expect(inlineScriptHashes(html)).toEqual([`sha256-${createHash('sha256').update(js).digest('base64')}`]);
  });
});
