import { readFileSync } from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { copyFixture, docgen, read, write } from '../helpers.js';

/** What real Docusaurus sites take from webpack, built from an unchanged site root. */
describe('webpack habits of Docusaurus sites', () => {
  let site: string;
  let out: string;
  let result: ReturnType<typeof docgen>;
  beforeAll(() => {
    site = copyFixture('docusaurus-quirks');
    out = path.join(site, 'build');
    result = docgen(['build', site, '--strict-links']);
  });

  it('builds', () => {
    expect(result.code, result.output).toBe(0);
  });

  it('require(`@site/static${src}`) looks the file up at run time and gives its URL, as a webpack context module', () => {
    const html = read(out, 'docs/intro/index.html');
    const img = /<img class="thumbnail" src="\/guide\/(assets\/media\/flow-\w+\.png)" alt="Flow diagram"\/>/.exec(html);
    expect(img, html).not.toBeNull();
    expect(readFileSync(path.join(out, img![1]))).toEqual(readFileSync(path.join(site, 'static/img/diagrams/flow.png')));
  });

  it('a context lookup of a file that does not exist names the module, and the page', () => {
    const broken = copyFixture('docusaurus-quirks');
    write(broken, 'docs/intro.mdx', read(broken, 'docs/intro.mdx').replace('/img/diagrams/flow.png', '/img/diagrams/missing.png'));
    const r = docgen(['build', broken]);
    expect(r.code).toBe(1);
    expect(r.output).toContain("Rendering /guide/docs/intro failed: Cannot find module '@site/static/img/diagrams/missing.png'");
  });
});
