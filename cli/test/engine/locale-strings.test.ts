import { readdirSync } from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { DOCUSAURUS_IDS } from '../../src/i18n/docusaurus-ids.js';
import { resolveMessages } from '../../src/i18n/theme-messages.js';
import { bootOf, buildFixture, locationsOf, copyFixture, docgen, fixture, read, write } from '../helpers.js';

/** The page's visible text and labels, boot data left out (it holds the whole catalog). */
const chrome = (html: string) => html.replace(/<script id="__docgen_boot".*?<\/script>/s, '');

describe('interface strings follow the locale (fixture intl: en default, es)', () => {
  let out: string;
  let result: ReturnType<typeof docgen>;
  beforeAll(() => {
    ({ out, result } = buildFixture('intl'));
  });

  it('builds', () => {
    expect(result.output).toContain('0 warnings');
    expect(result.code).toBe(0);
  });

  it('an English site gets English strings, with <siteDir>/i18n/en/code.json applied', () => {
    const html = read(out, 'docs/lamp/index.html');
    const page = chrome(html);
    expect(page).toContain('Skip to main content');
    expect(page).toContain('aria-label="Copy code to clipboard"');
    expect(page).toContain('>Next<');
    expect(page).toContain('Tip');
    // theme.TOCCollapsible.toggleButtonLabel, a Docusaurus id, replaces "On this page".
    expect(page).toContain('In this chapter');
    expect(page).not.toContain('On this page');
    expect(page).not.toMatch(/Copiar código|Nesta página|Próxima|Pular para/);
    // One of our own keys, overridden by name.
    expect(bootOf(html).site.messages['codeBlock.copied']).toBe('Copied to the clipboard');
  });

  it('the /docs redirect page is titled in its locale\'s language', () => {
    expect(read(out, 'docs/index.html')).toMatch(/<html lang="en"><head>.*<title>Redirecting…<\/title>/s);
    expect(read(out, 'es/docs/index.html')).toMatch(/<html lang="es"><head>.*<title>Redirigiendo…<\/title>/s);
  });

  it('a Spanish page gets Spanish strings, with <contentDir>/i18n/es/code.json applied', () => {
    const html = read(out, 'es/docs/lamp/index.html');
    const page = chrome(html);
    expect(page).toContain('<html lang="es"');
    expect(page).toContain('Saltar al contenido principal');
    expect(page).toContain('aria-label="Copiar código al portapapeles"');
    expect(page).toContain('En esta página');
    expect(page).toContain('>Siguiente guardia<'); // theme.docs.paginator.next
    const { messages } = bootOf(html).site;
    // A plural Docusaurus message: its first form is "one", its last "other".
    expect(messages['tags.nDocsTagged.one']).toBe('Un documento');
    expect(messages['tags.nDocsTagged.other']).toBe('{count} documentos');
    // The English code.json is not the Spanish page's, and the site's own ids are not the theme's.
    expect(messages['toc.title']).toBe('En esta página');
    expect(messages).not.toHaveProperty('homepage.welcome');
  });

  it('writes dates in the page\'s locale', () => {
    expect(chrome(read(out, 'docs/lamp/index.html'))).toContain('Reviewed on <time dateTime="2026-03-04">March 4, 2026</time>');
    expect(chrome(read(out, 'es/docs/lamp/index.html'))).toContain('Revisado el <time dateTime="2026-03-04">4 de marzo de 2026</time>');
  });

  it('titles the not-found page in its locale', () => {
    expect(read(out, '404.html')).toContain('<title>Page Not Found | Lighthouse Keeper</title>');
    expect(read(out, 'es/404.html')).toContain('<title>Página No Encontrada | Lighthouse Keeper</title>');
  });

  it('each page carries its own locale only, and no catalog is in the browser bundle', () => {
    expect(read(out, 'docs/lamp/index.html')).not.toContain('En esta página');
    const assets = path.join(out, 'assets');
    const js = readdirSync(assets, { recursive: true, encoding: 'utf8' }).filter((f) => f.endsWith('.js'));
    expect(js.length).toBeGreaterThan(0);
    for (const f of js) expect(read(assets, f)).not.toMatch(/Pular para o conteúdo principal|Skip to main content|Saltar al contenido/);
  });

  it('an unlisted doc is built but left out of the sidebar and the search index', () => {
    const html = read(out, 'docs/cellar/index.html');
    expect(bootOf(html).page.unlisted).toBe(true);
    expect(html).toContain('<b>Unlisted page</b><p>This page is unlisted.');
    expect(html).toContain('<meta name="robots" content="noindex');
    const boot = bootOf(read(out, 'docs/lamp/index.html'));
    expect(read(out, boot.sidebar.slice(1))).not.toContain('/docs/cellar');
    const index = read(out, locationsOf(out, boot).searchIndex!.slice(1));
    expect(index).toContain('/docs/logbook');
    expect(index).not.toContain('/docs/cellar');
    const assets = path.join(out, 'assets');
    for (const f of readdirSync(assets).filter((n) => n.startsWith('search') || n.endsWith('.json'))) expect(read(assets, f)).not.toContain('kerosene');
  });

  it('a malformed code.json fails the build naming file, line and column', () => {
    const site = copyFixture('intl');
    write(site, 'content/i18n/es/code.json', '{\n  "theme.docs.paginator.next": {\n    "message": 3\n  }\n}\n');
    const bad = docgen(['build', site]);
    expect(bad.code).not.toBe(0);
    expect(bad.output).toContain(`${path.join('content', 'i18n', 'es', 'code.json')}:2:3`);
    expect(bad.output).toContain('"theme.docs.paginator.next": expected { "message": "<text>" }');
    write(site, 'i18n/en/code.json', '{\n  "theme.CodeBlock.copy": { "message": "Copy" },,\n}\n');
    const syntax = docgen(['build', site]);
    expect(syntax.code).not.toBe(0);
    expect(syntax.output).toMatch(/i18n\/en\/code\.json:2:\d+: code\.json is not valid JSON/);
  });
});

describe('resolveMessages', () => {
  const site = fixture('intl');

  it('falls back by language, then to English, and keeps every key of the reference catalog', () => {
    const pt = resolveMessages('pt-BR', { siteDir: site, contentDir: 'content' });
    expect(resolveMessages('pt', { siteDir: site, contentDir: 'content' })).toEqual(pt);
    expect(resolveMessages('es-MX', { siteDir: site, contentDir: 'content' })['toc.title']).toBe('En esta página');
    expect(resolveMessages('fr', { siteDir: site, contentDir: 'content' })['toc.title']).toBe('On this page');
    for (const locale of ['en', 'es']) expect(Object.keys(resolveMessages(locale, { siteDir: '/nonexistent', contentDir: 'content' })).sort()).toEqual(Object.keys(pt).sort());
  });

  it('maps every Docusaurus id to keys the theme has', () => {
    const keys = new Set(Object.keys(resolveMessages('en', { siteDir: '/nonexistent', contentDir: 'content' })));
    const targets = Object.values(DOCUSAURUS_IDS).flatMap((t) => (typeof t === 'string' ? [t] : t.plural));
    expect(targets.filter((k) => !keys.has(k))).toEqual([]);
  });

  it('builds the last-updated sentences from Docusaurus parts', () => {
    const site = copyFixture('intl');
    write(site, 'i18n/en/code.json', JSON.stringify({
      'theme.lastUpdated.lastUpdatedAtBy': { message: 'Changed{atDate}{byUser}' },
      'theme.lastUpdated.atDate': { message: ' on {date}' },
      'theme.lastUpdated.byUser': { message: ' by {user}' },
    }));
    const m = resolveMessages('en', { siteDir: site, contentDir: 'content' });
    expect([m['docs.lastUpdatedAtBy'], m['docs.lastUpdatedAt'], m['docs.lastUpdatedBy']]).toEqual(['Changed on {date} by {author}', 'Changed on {date}', 'Changed by {author}']);
  });
});
