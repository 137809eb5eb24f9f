import { beforeAll, describe, expect, it } from 'vitest';
import { bootOf, buildFixture, copyFixture, docgen, read, write } from '../helpers.js';

/** The main area of a built page (navbar, sidebar and boot data left out). */
const main = (html: string) => /<main[\s\S]*<\/main>/.exec(html)?.[0] ?? '';

describe('docs tags (fixture intl: tags.yml, en and es)', () => {
  let out: string;
  let result: ReturnType<typeof docgen>;
  beforeAll(() => {
    ({ out, result } = buildFixture('intl'));
  });

  it('builds with no warning', () => {
    expect(result.output).toContain('0 warnings');
    expect(result.code).toBe(0);
  });

  it('lists a doc\'s tags under it, linking to their pages, with tags.yml labels and permalinks', () => {
    const html = read(out, 'docs/lamp/index.html');
    expect(main(html)).toMatch(/<b>Tags:<\/b><ul class="dg-tags"><li><a href="\/docs\/tags\/maintenance"[^>]*title="Daily upkeep of the light\."[^>]*>Maintenance<\/a><\/li><li><a href="\/docs\/tags\/safety"[^>]*>Safety<\/a>/);
    expect(bootOf(html).page.tags).toEqual([
      { label: 'Maintenance', href: '/docs/tags/maintenance', description: 'Daily upkeep of the light.' },
      { label: 'Safety', href: '/docs/tags/safety' }, // a key with no definition: capitalised, slug of the key
    ]);
  });

  it('builds <docsBase>/tags with every listed tag and its count', () => {
    const html = read(out, 'docs/tags/index.html');
    expect(html).toContain('<title>Tags | Lighthouse Keeper</title>');
    const page = bootOf(html).page;
    expect(page.kind).toBe('tags');
    // The cellar is unlisted: it counts for no tag, and "Storage" (only the cellar has it) is not listed.
    expect(page.tags.map((t: { label: string; count: number }) => [t.label, t.count])).toEqual([['Maintenance', 2], ['Safety', 1]]);
    expect(main(html)).toContain('Maintenance<span class="dg-tag__count">2</span>');
    // Under their first letter, as Docusaurus lists them.
    expect(main(html)).toMatch(/<h2>M<\/h2><ul class="dg-tags"><li><a href="\/docs\/tags\/maintenance".*<h2>S<\/h2><ul class="dg-tags"><li><a href="\/docs\/tags\/safety"/);
  });

  it('builds one page per tag listing its docs, in the locale\'s words', () => {
    const en = read(out, 'docs/tags/maintenance/index.html');
    expect(main(en)).toContain('<h1>2 docs tagged with &quot;Maintenance&quot;</h1>');
    expect(main(en)).toContain('<a href="/docs/tags">View all tags</a>');
    expect(main(en)).toMatch(/<a href="\/docs\/lamp">The lamp<\/a>.*<a href="\/docs\/logbook">The logbook<\/a>/);
    expect(main(read(out, 'docs/tags/safety/index.html'))).toContain('<h1>One doc tagged with &quot;Safety&quot;</h1>');
    // A tag only unlisted docs have still has its page (at its tags.yml permalink), unlisted too.
    const storage = bootOf(read(out, 'docs/tags/stores/index.html')).page;
    expect(storage).toMatchObject({ kind: 'tag', unlisted: true, tagged: { docs: [{ title: 'The cellar', href: '/docs/cellar' }] } });

    const es = read(out, 'es/docs/tags/maintenance/index.html');
    expect(main(es)).toContain('<h1>2 documentos con &quot;Maintenance&quot;</h1>');
    expect(main(es)).toContain('<a href="/es/docs/tags">Ver todas las etiquetas</a>');
    expect(read(out, 'es/docs/tags/index.html')).toContain('<h1>Etiquetas</h1>');
    // es/code.json's plural override of theme.docs.tagDocListPageTitle.nDocsTagged.
    expect(main(read(out, 'es/docs/tags/safety/index.html'))).toContain('<h1>Un documento con &quot;Safety&quot;</h1>');
    expect(main(read(out, 'es/docs/lamp/index.html'))).toContain('<b>Etiquetas:</b>');
  });

  it('warns about, or refuses, a tag missing from tags.yml (onInlineTags)', () => {
    const site = copyFixture('intl');
    write(site, 'content/docs/logbook.md', read(site, 'content/docs/logbook.md').replace('tags: [maintenance]', 'tags: [maintenance, Weather Watch]'));
    const warned = docgen(['build', site]);
    expect(warned.code).toBe(0);
    expect(warned.output).toContain('content/docs/logbook.md: Tag "Weather Watch" is not defined in tags.yml');
    expect(read(site, 'build/docs/tags/weather-watch/index.html')).toContain('One doc tagged with &quot;Weather Watch&quot;');

    write(site, 'site.config.ts', read(site, 'site.config.ts').replace("onBrokenLinks: 'throw',", "onBrokenLinks: 'throw',\n  docs: { onInlineTags: 'throw' },"));
    const refused = docgen(['build', site]);
    expect(refused.code).not.toBe(0);
    expect(refused.output).toContain('content/docs/logbook.md:1:1: Tag "Weather Watch" is not defined in tags.yml');
  });

  it('reports a malformed tags.yml at file:line:column', () => {
    const site = copyFixture('intl');
    write(site, 'content/docs/tags.yml', 'maintenance:\n  label: Maintenance\nsafety:\n  label: [Safety]\n  colour: red\n');
    const bad = docgen(['build', site]);
    expect(bad.code).not.toBe(0);
    expect(bad.output).toContain('content/docs/tags.yml:3:1: tag "safety": unknown field colour');
    expect(bad.output).toContain('content/docs/tags.yml:3:1: tag "safety": label must be text');
    write(site, 'content/docs/tags.yml', 'maintenance:\n  label: "Maintenance\n');
    const syntax = docgen(['build', site]);
    expect(syntax.code).not.toBe(0);
    expect(syntax.output).toMatch(/content\/docs\/tags\.yml:\d+:\d+: tags\.yml is not valid YAML/);
  });

  it('keeps each docs version\'s and each locale\'s tags apart (fixture multi)', () => {
    const site = copyFixture('multi');
    const tag = (file: string, tags: string) => write(site, file, read(site, file).replace('---\n', `---\ntags: ${tags}\n`));
    tag('content/versioned_docs/version-1.0/antigo.md', '[legado]');
    tag('content/docs/intro.md', '[legado]');
    tag('content/i18n/en/docs/intro.md', '[legacy]');
    const built = docgen(['build', site]);
    expect(built.code).toBe(0);
    const docsOf = (rel: string) => bootOf(read(site, `build/${rel}/index.html`)).page.tagged.docs.map((d: { href: string }) => d.href);
    expect(docsOf('docs/1.0/tags/legado')).toEqual(['/docs/1.0/antigo']);
    expect(docsOf('docs/tags/legado')).toEqual(['/docs/intro']);
    expect(docsOf('en/docs/tags/legacy')).toEqual(['/en/docs/intro']);
    // The English 1.0 docs are the default locale's (untranslated), tags included, titled in English.
    expect(docsOf('en/docs/1.0/tags/legado')).toEqual(['/en/docs/1.0/antigo']);
    expect(main(read(site, 'build/en/docs/1.0/tags/legado/index.html'))).toContain('<h1>One doc tagged with &quot;legado&quot;</h1>');
    expect(main(read(site, 'build/docs/tags/index.html'))).toContain('<h1>Marcadores</h1>');
  });
});
