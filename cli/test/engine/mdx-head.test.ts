import { readdirSync } from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { buildFixture, docgen, read } from '../helpers.js';

describe('<head> in MDX (fixture intl: the logbook)', () => {
  let out: string;
  let result: ReturnType<typeof docgen>;
  beforeAll(() => {
    ({ out, result } = buildFixture('intl'));
  });

  it('moves its elements into the document head, its <title> replacing the default one', () => {
    expect(result.code).toBe(0);
    const html = read(out, 'docs/logbook/index.html');
    const [head, body] = html.split('</head>');
    expect(head).toContain('<title data-docgen-head="">Keeper&#x27;s logbook</title>');
    expect(head).toContain('<meta name="keywords" content="weather, watch" data-docgen-head=""/>');
    expect(head.match(/<title[\s>]/g)).toHaveLength(1);
    expect(body).not.toMatch(/<template|Keeper&#x27;s logbook|name="keywords"/);
    expect(body).toContain('Write the weather at dawn and dusk.');
    // Metadata, not text: the search index does not have it.
    for (const f of readdirSync(path.join(out, 'assets')).filter((n) => n.startsWith('search'))) expect(read(out, `assets/${f}`)).not.toContain('Keeper');
  });

  it('leaves pages without one as they were', () => {
    const [head] = read(out, 'docs/lamp/index.html').split('</head>');
    expect(head).toContain('<title>The lamp | Lighthouse Keeper</title>');
    expect(head).toContain('<meta name="description" content="Caring for the lamp.">');
    expect(head).not.toContain('data-docgen-head');
  });
});
