import { beforeAll, describe, expect, it } from 'vitest';
import { bootOf, copyFixture, docgen, read, write, buildFixture, type CliResult } from '../helpers.js';
import { resolveFormat } from '../../src/content/format.js';

const articleOf = (html: string) => /<article class="dg-markdown">([\s\S]*?)<\/article>/.exec(html)?.[1] ?? '';

describe("markdown.format (Docusaurus's 'mdx' | 'md' | 'detect', and docgen's 'mdx1' for Docusaurus 2)", () => {
  it('picks a format per file: front matter mdx.format over the config, detect by extension', () => {
    expect(resolveFormat('docs/a.md')).toBe('mdx'); // Docusaurus's default reads every file as MDX
    expect(resolveFormat('docs/a.md', 'detect')).toBe('md');
    expect(resolveFormat('docs/a.mdx', 'detect')).toBe('mdx');
    expect(resolveFormat('docs/a.mdx', 'md')).toBe('md');
    expect(resolveFormat('docs/a.md', 'detect', 'mdx')).toBe('mdx');
    expect(resolveFormat('docs/a.mdx', 'mdx', 'detect')).toBe('mdx');
    // 'mdx1': a .md file that imports, exports or uses a JSX component is MDX; code does not count.
    expect(resolveFormat('docs/a.md', 'mdx1', undefined, 'Text {x} <!-- c -->')).toBe('md');
    expect(resolveFormat('docs/a.md', 'mdx1', undefined, "import Tabs from '@theme/Tabs';\n\n<Tabs />")).toBe('mdx');
    expect(resolveFormat('docs/a.md', 'mdx1', undefined, 'Use <Tabs>\n\n<Tabs>\n</Tabs>')).toBe('mdx');
    expect(resolveFormat('docs/a.md', 'mdx1', undefined, 'Use `<Tabs>` here.\n\n```jsx\nimport X from "x";\n<X />\n```')).toBe('md');
    expect(resolveFormat('docs/a.mdx', 'mdx1', undefined, 'plain')).toBe('mdx');
    // A line opening with ```inline code``` is no fence: the Go import in the real fence below stays code.
    expect(resolveFormat('docs/a.md', 'mdx1', undefined, '```a.B/c.D``` you pass.\n\n```go\nimport (\n  "x"\n)\n```')).toBe('md');
  });

  describe('a Docusaurus 2 site (package.json: @docusaurus/core 2.x, no markdown.format)', () => {
    let site: string, out: string, result: CliResult;
    beforeAll(() => void ({ site, out, result } = buildFixture('docusaurus-v2')));

    it("builds with 'mdx1', and says so in one warning", () => {
      expect(result.code, result.output).toBe(0);
      const warnings = result.output.split('\n').filter((l) => l.startsWith('warning'));
      expect(warnings).toEqual([
        "warning docusaurus.config.js: @docusaurus/core ^2.4.3 (Docusaurus 2, MDX 1): .md files are read as CommonMark (no JSX or {expressions}) unless they import, export or use JSX components, and .mdx as MDX 3 (markdown.format: 'mdx1'); set markdown.format to 'mdx' to read every file as MDX",
      ]);
    });

    it('reads a .md file that imports and uses components (Tabs) as MDX, as MDX 1 did', () => {
      const article = articleOf(read(out, 'tabs/index.html'));
      expect(article).toContain('role="tablist"');
      expect(article).not.toContain('import Tabs');
      expect(article).toContain('<code>&lt;Tabs&gt;</code>');
      // MDX 1 left {…} in text as text; MDX 3 would evaluate it (user is not defined).
      expect(article).toContain('add “{user} is typing” to the chat.');
    });

    it("a tab's closing tag indented after a list (MDX 1 ended a list at two blank lines) closes the tab", () => {
      const article = articleOf(read(out, 'list-in-tab/index.html'));
      expect(article.match(/role="tab"/g)).toHaveLength(2);
      expect(article).toContain('<li>the sandbox</li>');
      expect(article).not.toContain('&lt;/TabItem&gt;');
    });

    it('a .md file written as MDX that MDX 3 cannot parse is read as CommonMark, and builds', () => {
      expect(articleOf(read(out, 'broken-jsx/index.html'))).toContain('that MDX 3 rejects.');
    });

    it('reads a .md file as CommonMark: < and {…} are text, raw HTML is kept, comments dropped, anchors and admonitions work', () => {
      const article = articleOf(read(out, 'plain/index.html'));
      expect(article).toContain('a &lt; b and b &gt; c, with {braces that are not code} in the text.');
      expect(article).toMatch(/<details>\s*<summary>More about it<\/summary>\s*<p>Text <em>inside<\/em> the details block.<\/p>\s*<\/details>/);
      expect(article).toContain('An inline <span class="marker-inline">HTML span</span> and a line<br/>break.');
      expect(article).not.toContain('a note for the authors');
      expect(article).toContain('<h2 id="custom-anchor"');
      expect(article).toContain('dg-admonition--tip');
      expect(article).toContain('Keep it short');
      expect(bootOf(read(out, 'plain/index.html')).page.toc).toEqual([expect.objectContaining({ id: 'custom-anchor', value: 'Custom anchor' })]);
    });

    it('gives headings the ids Docusaurus 2 gave them: MDX 1 read any bracketed text as a link reference', () => {
      const html = read(out, 'api/index.html');
      const ids = [...articleOf(html).matchAll(/<h[2-6] id="([^"]*)"/g)].map((m) => m[1]);
      // `[path][, options]` was a reference whose text is `path`: the id is the slug of "connect(path)".
      expect(ids).toEqual(['connectpath', 'new-queuename-options', 'queueretryattempts', 'a-defined-reference', 'escaped-brackets-stay']);
      // The page shows the brackets as written, as Docusaurus 2 did (an undefined reference is text).
      expect(articleOf(html)).toContain('connect([path][, options])');
      expect(bootOf(html).page.toc[0]).toEqual(expect.objectContaining({ id: 'connectpath', value: 'connect(path)' }));
    });

    it('reads a .mdx file, and a .md file whose front matter says mdx.format: mdx, as MDX', () => {
      expect(articleOf(read(out, 'component/index.html'))).toMatch(/The answer is (<!-- -->)?42/);
      expect(articleOf(read(out, 'forced/index.html'))).toMatch(/One and one make (<!-- -->)?2/);
    });
  });

  it("markdown.format: 'mdx' in the config reads .md as MDX: the error names file, line, column and the way out", () => {
    const site = copyFixture('docusaurus-v2');
    write(site, 'docusaurus.config.js', read(site, 'docusaurus.config.js').replace("title: 'Legacy Docs',", "title: 'Legacy Docs',\n  markdown: { format: 'mdx' },"));
    const r = docgen(['build', site]);
    expect(r.code).toBe(1);
    expect(r.output).not.toContain('Docusaurus 2, MDX 1');
    expect(r.output).toMatch(/docs\/plain\.md:7:\d+: MDX syntax error: .*Or read \.md files as plain Markdown: set markdown\.format to 'detect' in the site config, or add "mdx: \{ format: md \}" to this file's front matter\./);
  });

  it("markdown.format: 'md' reads .mdx files as CommonMark too; an invalid value is named", () => {
    const site = copyFixture('docusaurus-v2');
    write(site, 'docusaurus.config.js', read(site, 'docusaurus.config.js').replace("title: 'Legacy Docs',", "title: 'Legacy Docs',\n  markdown: { format: 'md' },"));
    expect(docgen(['build', site]).code).toBe(0);
    expect(articleOf(read(site, 'build/component/index.html'))).toContain('The answer is {answer * 2}.');
    write(site, 'docusaurus.config.js', read(site, 'docusaurus.config.js').replace("format: 'md'", "format: 'markdown'"));
    const bad = docgen(['build', site]);
    expect(bad.code).toBe(1);
    expect(bad.output).toContain('markdown.format');
    expect(bad.output).toContain('Expected "mdx", "md", "detect" or "mdx1"');
  });
});
