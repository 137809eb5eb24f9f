import { existsSync } from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { bootOf, read, buildFixture } from '../helpers.js';

/** Docusaurus's file conventions, built from an unchanged Docusaurus site root. */
describe('Docusaurus conventions: category index files and .md link lookup', () => {
  let out: string;
  let result: ReturnType<typeof buildFixture>['result'];
  beforeAll(() => {
    ({ out, result } = buildFixture('docusaurus-conventions', []));
  });

  const article = (rel: string) => /<article[\s\S]*?<\/article>/.exec(read(out, rel))![0];
  const sidebar = (rel: string) => JSON.parse(read(out, bootOf(read(out, rel)).sidebar.replace(/^\//, '')));

  it("builds, taking Docusaurus's 'log' severity for onBrokenLinks and onBrokenMarkdownLinks as a warning", () => {
    expect(result.code, result.output).toBe(0);
    expect(result.output).toContain('warning Found 1 broken link:');
  });

  it("docs.include and docs.exclude globs choose the doc files, as Docusaurus's globby does (**/ also matching no folder)", () => {
    expect(existsSync(path.join(out, 'docs/drafts/plan/index.html'))).toBe(false);
    expect(existsSync(path.join(out, 'docs/guides/next.wip/index.html'))).toBe(false);
    expect(existsSync(path.join(out, 'docs/guides/setup/index.html'))).toBe(true);
    expect(result.output).not.toContain('is not supported');
  });

  it("two files at one URL only warn, as Docusaurus's onDuplicateRoutes: 'warn' default; the first read is published", () => {
    expect(result.output).toContain('warning docs/guides/twice.mdx: Route "/docs/guides/twice" is claimed by both docs/guides/twice.md and docs/guides/twice.mdx;');
    expect(article('docs/guides/twice/index.html')).toContain('Twice (md)');
  });

  it("a folder's page is index, README or the folder's name as written (number prefix included, any case)", () => {
    // 01-api/01-api.md and Tools/tools.md are their folders' pages...
    expect(existsSync(path.join(out, 'docs/api/index.html'))).toBe(true);
    expect(existsSync(path.join(out, 'docs/Tools/index.html'))).toBe(true);
    // ...while run-node/01-run-node.md and 02-ref/ref.md are pages of their own.
    expect(existsSync(path.join(out, 'docs/node/run-node/run-node/index.html'))).toBe(true);
    expect(existsSync(path.join(out, 'docs/ref/ref/index.html'))).toBe(true);
    expect(existsSync(path.join(out, 'docs/ref/index.html'))).toBe(false);
  });

  it("a category linked to its folder's page takes that page's title as label; the others keep the folder name (as Docusaurus 3.9 builds it)", () => {
    type Item = { type: string; label: string; href?: string; items: Item[] };
    const items = sidebar('docs/setup/index.html') as Item[];
    const api = items.find((i) => i.href === '/docs/api');
    expect(api).toMatchObject({ type: 'category', label: 'API' });
    expect(api!.items!.map((i) => i.label)).toEqual(['Calls']);
    // A category left without items is a plain link to its page.
    expect(items.find((i) => i.href === '/docs/Tools')).toEqual({ type: 'link', label: 'Tools', href: '/docs/Tools', docId: 'Tools/tools' });
    const ref = items.find((i) => i.label === 'ref');
    expect(ref).toMatchObject({ type: 'category' });
    expect(ref!.href).toBeUndefined();
    expect(ref!.items!.map((i) => i.href)).toEqual(['/docs/ref/ref']);
    const node = items.find((i) => i.label === 'node')!;
    expect(node.items[0]).toMatchObject({ label: 'Running a node' });
    expect(node.items[0].href).toBeUndefined();
    expect(node.items[0].items.map((i) => i.href)).toEqual(['/docs/node/run-node/keyring', '/docs/node/run-node/run-node']);
  });

  it("a doc's title is the # heading (or setext title) opening its body after imports, inline code unwrapped, as Docusaurus reads it", () => {
    type Item = { label: string; href?: string; items?: Item[] };
    const titles = (sidebar('docs/setup/index.html') as Item[]).find((i) => i.label === 'titles')!;
    expect(titles.items!.map((i) => `${i.href} ${i.label}`)).toEqual([
      '/docs/titles/after-import After the imports',
      '/docs/titles/code-title Overview of app.go',
      // An export before the heading: no title from the body, so the file name.
      '/docs/titles/export-first export-first',
      '/docs/titles/setext Setext title',
    ]);
  });

  it("a bare .md link is looked up from the page's own folder, then from the docs folder (as Docusaurus 3.9)", () => {
    const html = article('docs/guides/links/index.html');
    expect(html).toContain('<a href="/docs/guides/setup">bare</a>');
    expect(html).toContain('<a href="/docs/api/calls">bare to the root</a>');
  });

  it('./ and ../ links only from the page\'s folder: a path that only exists from the docs root stays broken, with a warning', () => {
    const html = article('docs/guides/links/index.html');
    expect(html).toContain('<a href="/docs/guides/setup">dotted</a>');
    expect(html).toContain('<a href="../docs/setup.md">parent</a>');
    expect(result.output).toContain('warning docs/guides/links.md:6:3: Broken markdown link "../docs/setup.md"');
    expect(article('docs/node/run-node/keyring/index.html')).toContain('<a href="/docs/node/run-node/run-node">run the node</a>');
  });

  it('a /-rooted .md link is looked up from the docs folder', () => {
    expect(article('docs/guides/links/index.html')).toContain('<a href="/docs/guides/setup">absolute</a>');
  });
  it("a folder named like a version or a date keeps its digits (2016-1 is no number prefix), as Docusaurus's number prefix parser", () => {
    expect(article('docs/exams/2016-1/p10/index.html')).toContain('Question ten of the first term.');
    expect(article('docs/exams/2017-1/p10/index.html')).toContain('Question ten a year later.');
    expect(result.output).not.toContain('docs/exams/1/p10');
  });

  it('an HTML comment is comment to its end, a code fence inside it included', () => {
    const html = article('docs/guides/commented/index.html');
    expect(html).toContain('Before the comment.');
    expect(html).toContain('After the comment, <code>code</code> and text.');
    expect(html).not.toContain('the-old-way');
    expect(html).not.toContain('Not yet published');
  });
  it("@theme/DocCardList on a category's page shows that category's items (a doc's description, else its first line of text; a category's count); with items={useCurrentSidebarCategory().items} the same", () => {
    const cards = (html: string) => [...html.matchAll(/<a[^>]*href="([^"]+)"[^>]*class="dg-card[^"]*"[^>]*>([\s\S]*?)<\/a>/g)].map((m) => `${m[1]} ${m[2].replace(/<[^>]+>/g, ' ').replace(/\s+/g, ' ').trim()}`);
    expect(cards(article('docs/cards/index.html'))).toEqual([
      '/docs/cards/first First card What the first card says about its doc.',
      '/docs/cards/sub Sub cards 1 item',
    ]);
    expect(cards(article('docs/cards/sub/index.html'))).toEqual(['/docs/cards/sub/inner Inner page Deep inside.']);
  });
  it('@docusaurus/router (useLocation, useHistory, matchPath, Redirect), Interpolate and useGlobalData work in site components', () => {
    const html = article('docs/client/where/index.html');
    expect(html).toContain('<li>pathname <!-- -->/docs/client/where</li>');
    expect(html).toContain('<li>history <!-- -->/docs/client/where</li>');
    expect(html).toContain('<li>section <!-- -->client</li>');
    expect(html).toContain('<li>Hello <b>Interpolated</b>!</li>');
    expect(html).toContain('<li>plugin data <!-- -->absent</li>');
    // A page that only redirects builds (the browser follows it after hydration).
    expect(existsSync(path.join(out, 'old-home/index.html'))).toBe(true);
  });
  it('@theme/SearchBar placed by a page (<SearchBar />, no props) is the site search', () => {
    expect(read(out, 'find/index.html')).toMatch(/<main class="find-page"><button[^>]*class="dg-search__button"/);
  });
  it('JSX in site components uses the automatic runtime even where the site\'s tsconfig.json says "jsx": "react" (Docusaurus ignores tsconfig.json); clsx comes from docgen when the site has not installed it', () => {
    expect(read(out, 'badge/index.html')).toContain('<main><span class="site-badge">automatic runtime</span></main>');
  });
  it('a doc that is only front matter has an empty body (its YAML is not read as a setext heading)', () => {
    const html = article('docs/guides/bare/index.html');
    expect(html).toContain('Only front matter');
    expect(html).not.toContain('sidebar_position');
  });
  it("Docusaurus 3's legacy admonition keywords and a site's own (admonitions.keywords) are admonitions: important as info, success as tip, titled with their name; a site's own keyword drawn as info", () => {
    const html = article('docs/guides/callouts/index.html');
    const notes = [...html.matchAll(/class="dg-admonition dg-admonition--(\w+)"[^>]*><div class="dg-admonition__heading">.*?<\/span><\/span>(.*?)<\/div>/g)].map((m) => `${m[1]}:${m[2]}`);
    expect(notes).toEqual(['info:important', 'info:Paid feature', 'tip:success']);
  });
});
