import { beforeAll, describe, expect, it } from 'vitest';
import { copyFixture, docgen, read, write } from '../helpers.js';

/**
 * A Docusaurus config's `headTags`, `stylesheets` and `scripts` go into every page's <head>,
 * as Docusaurus puts them (its bootstrap plugin): headTags first, then the stylesheets, then
 * the scripts, before the site's own bundle. Fixture docusaurus-v2, with a config of ours.
 */
describe('headTags, stylesheets and scripts of docusaurus.config', () => {
  let site: string;
  let result: ReturnType<typeof docgen>;
  beforeAll(() => {
    site = copyFixture('docusaurus-v2');
    write(site, 'docusaurus.config.js', read(site, 'docusaurus.config.js').replace("title: 'Legacy Docs',", `title: 'Legacy Docs',
  headTags: [
    { tagName: 'link', attributes: { rel: 'preconnect', href: 'https://fonts.example.net' } },
    { tagName: 'script', attributes: { type: 'application/ld+json' }, innerHTML: '{"@type":"Organization"}' },
  ],
  stylesheets: ['https://cdn.example.net/theme.css', { href: '/css/print.css?a=1&b=2', media: 'print', crossorigin: 'anonymous' }],
  scripts: ['/js/counter.js', { src: 'https://cdn.example.net/widget.js', async: true, defer: false }],`));
    result = docgen(['build', site]);
  });

  it('builds without a warning about them', () => {
    expect(result.code, result.output).toBe(0);
    expect(result.output).not.toMatch(/headTags|stylesheets|scripts/);
  });

  it('writes them into the head of every page, in Docusaurus order, before the theme stylesheet', () => {
    for (const file of ['plain/index.html', 'tabs/index.html', '404.html']) {
      const html = read(site, `build/${file}`);
      const head = html.slice(html.indexOf('<head>'), html.indexOf('</head>'));
      const tags = [
        '<link rel="preconnect" href="https://fonts.example.net">',
        '<script type="application/ld+json">{"@type":"Organization"}</script>',
        '<link rel="stylesheet" href="https://cdn.example.net/theme.css">',
        '<link rel="stylesheet" href="/css/print.css?a=1&amp;b=2" media="print" crossorigin="anonymous">',
        '<script src="/js/counter.js"></script>',
        '<script src="https://cdn.example.net/widget.js" async></script>',
      ];
      expect(head).toContain(tags.join('\n'));
      expect(head.indexOf(tags[5])).toBeLessThan(head.indexOf('<link rel="stylesheet" href="/assets/'));
    }
  });
});
