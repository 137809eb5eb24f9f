import { existsSync } from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { buildChanged, buildFixture, docgen, read } from '../helpers.js';

/**
 * `docgen build --locale <code>` builds one locale, as `docusaurus build --locale <code>`: its
 * pages at the URLs a build of every locale gives them, showing the same alternates, and
 * nothing of the other locales. Fixture intl: en (default) and es.
 */
describe('docgen build --locale', () => {
  let all: ReturnType<typeof buildFixture>;
  let es: ReturnType<typeof buildFixture>;
  beforeAll(() => {
    all = buildFixture('intl');
    es = buildFixture('intl', ['--strict-links', '--locale', 'es']);
  });

  it('builds only that locale, links into the other locale left unchecked (strict links pass)', () => {
    expect(es.result.output).toContain('(locale es only)');
    expect(es.result.code).toBe(0);
    expect(existsSync(path.join(es.out, 'es/docs/lamp/index.html'))).toBe(true);
    expect(existsSync(path.join(es.out, 'es/404.html'))).toBe(true);
    // Nothing of English: no page, no redirect, no sidebar data.
    expect(existsSync(path.join(es.out, 'docs/lamp/index.html'))).toBe(false);
    expect(existsSync(path.join(es.out, 'docs/index.html'))).toBe(false);
    expect(existsSync(path.join(es.out, 'index.html'))).toBe(false);
    expect(existsSync(path.join(es.out, 'es/docs/index.html'))).toBe(true);
  });

  it('a page is the one a build of every locale writes (alternates and locale dropdown included)', () => {
    // Route chunks are named after the route's place in the build's list, which has fewer routes here.
    const page = (out: string) => read(out, 'es/docs/lamp/index.html').replace(/(\/assets\/r\/[\w-]+?)-\d+-([A-Z0-9]+\.js)/g, '$1-N-$2');
    expect(page(es.out)).toContain('hreflang="en" href="/docs/lamp"');
    expect(page(es.out)).toBe(page(all.out));
  });

  it('an unknown locale stops the build, naming the ones there are', () => {
    const r = docgen(['build', all.site, '--out-dir', 'build-xx', '--locale', 'fr']);
    expect(r.code).toBe(1);
    expect(r.output).toContain('--locale fr: the site has no such locale (i18n.locales in site.config.ts: en, es)');
  });

  describe('another locale with mistakes', () => {
    // fr: a translation whose front matter does not parse, a tag missing from tags.yml; es links to a French page.
    const changes = {
      'site.config.ts': (t: string) => t.replace("locales: ['en', 'es']", "locales: ['en', 'es', 'fr']"),
      'content/i18n/fr/docs/lamp.md': '---\ntags: [maintenance\n---\n\n# La lampe\n',
      'content/i18n/fr/docs/logbook.md': '---\ntags: [not-in-tags-yml]\n---\n\n# Le journal\n',
      'content/i18n/es/docs/lamp.md': (t: string) => `${t}\nVer [la bodega en francés](/fr/docs/cellar).\n`,
    };

    it('a build of every locale reports them (the fixture is broken where meant)', () => {
      const { result } = buildChanged('intl', changes, ['--strict-links']);
      expect(result.code).toBe(1);
      expect(result.output).toContain('content/i18n/fr/docs/lamp.md');
    });

    it.each(['es', 'en'])('--locale %s neither reports them nor fails, links into French taken as that build\'s', (locale) => {
      const { result } = buildChanged('intl', changes, ['--strict-links', '--locale', locale]);
      expect(result.output).not.toContain('i18n/fr');
      expect(result.output).not.toContain('not-in-tags-yml');
      expect(result.code).toBe(0);
    });
  });
});
