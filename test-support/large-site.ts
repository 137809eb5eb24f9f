import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

/** Shape of the generated site: AREAS × SECTIONS × PAGES docs plus an intro. */
export const LARGE_SITE = { areas: 6, sections: 9, pages: 10 };

/** Route of one generated doc (areas, sections and pages numbered from 1). */
export const largeSiteDoc = (area: number, section: number, page: number) => `/docs/area-${area}/secao-${section}/pagina-${page}`;

const WORDS = ['cadastro', 'portfólio', 'verificação', 'mensagem', 'webhook', 'número', 'conta', 'integração', 'migração', 'token'];

/**
 * Writes a site large enough (541 docs, 600 routes, 27,000 distinct words) that the build
 * splits what a reader downloads: the sidebar into category files, the route manifest into
 * shards, the search index into term and page files. Small pages, so it builds in seconds.
 * With `auth`, behind a server-side sign-in gate (docgen serve). Returns its folder.
 */
export function writeLargeSite(opts: { auth?: { allowedDomain: string; projectId: string } } = {}): string {
  const root = mkdtempSync(path.join(tmpdir(), 'docgen-large-site-'));
  const write = (rel: string, text: string) => {
    mkdirSync(path.dirname(path.join(root, rel)), { recursive: true });
    writeFileSync(path.join(root, rel), text);
  };
  write('site.config.ts', [
    "import { defineConfig } from 'docgen';",
    'export default defineConfig({',
    "  title: 'Site Grande', onBrokenLinks: 'throw',",
    ...(opts.auth ? [`  auth: { mode: 'server', allowedDomain: '${opts.auth.allowedDomain}', firebase: { apiKey: 'demo-api-key', authDomain: 'demo.firebaseapp.com', projectId: '${opts.auth.projectId}', storageBucket: 'demo.appspot.com', messagingSenderId: '000000000000', appId: '1:000000000000:web:0000000000000000' } },`] : []),
    "  i18n: { defaultLocale: 'pt-BR', locales: ['pt-BR'] },",
    "  themeConfig: { navbar: { title: 'Site Grande', items: [{ type: 'search', position: 'right' }] } },",
    '});',
    '',
  ].join('\n'));
  write('content/pages/index.md', '# Site Grande\n\nVeja a [introdução](/docs/intro).\n');
  write('content/docs/intro.md', '---\ntitle: Introdução\nsidebar_position: 0\n---\n\nComeço do site grande.\n');
  const { areas, sections, pages } = LARGE_SITE;
  let n = 0;
  for (let a = 1; a <= areas; a++) {
    write(`content/docs/area-${a}/_category_.json`, JSON.stringify({ label: `Área número ${a} do site grande`, position: a }));
    for (let s = 1; s <= sections; s++) {
      write(`content/docs/area-${a}/secao-${s}/_category_.json`, JSON.stringify({ label: `Seção ${s} da área ${a}`, position: s }));
      for (let p = 1; p <= pages; p++) {
        n++;
        const word = WORDS[n % WORDS.length];
        write(`content/docs/area-${a}/secao-${s}/pagina-${p}.md`, [
          '---', `title: Página ${p} da seção ${s} da área ${a}`, `sidebar_position: ${p}`, '---', '',
          `Texto da página sobre ${word} e ${WORDS[(n * 7) % WORDS.length]}, com o código exclusivo termo${n}x.`, '',
          `## Detalhes de ${word}`, '', `Mais sobre ${word} na seção ${s}: palavra${n % 97}y e valor${n}.`, '',
          // Many distinct words, so the search index passes the size at which it is sharded.
          `Referências: ${Array.from({ length: 50 }, (_, k) => `ref${n}k${k}`).join(' ')}.`, '',
        ].join('\n'));
      }
    }
  }
  return root;
}
