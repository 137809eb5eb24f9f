import { beforeAll, describe, expect, it } from 'vitest';
import { copyFixture, docgen, read, write } from '../helpers.js';

/**
 * An SVG a Markdown page imports is a component, as Docusaurus's SVGR rule makes it for
 * `.md`/`.mdx` importers, whether the page names it by a relative path or through `@site/`.
 * Fixture docusaurus-v2, with a page and an image of ours.
 */
describe('SVG imports in a Markdown page', () => {
  let site: string;
  let result: ReturnType<typeof docgen>;
  beforeAll(() => {
    site = copyFixture('docusaurus-v2');
    write(site, 'static/img/dot.svg', '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 2 2"><circle cx="1" cy="1" r="1"/></svg>\n');
    write(site, 'docs/icon.mdx', "# Icon\n\nimport Dot from '@site/static/img/dot.svg';\nimport Near from '../static/img/dot.svg';\n\nThrough the alias <Dot className=\"via-site\" />, and by its path <Near className=\"via-path\" />.\n");
    result = docgen(['build', site]);
  });

  it('renders both as inline SVG elements', () => {
    expect(result.code, result.output).toBe(0);
    const html = read(site, 'build/icon/index.html');
    expect(html).toContain('<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 2 2" class="via-site"><circle cx="1" cy="1" r="1"/></svg>');
    expect(html).toContain('<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 2 2" class="via-path"><circle cx="1" cy="1" r="1"/></svg>');
  });
});
