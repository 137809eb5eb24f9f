import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { ALLOWED_DOMAIN, PROJECT_ID } from './token-forge.js';

/**
 * A hand-made build folder in the layout of ARCHITECTURE.md, every protected file carrying
 * a SECRET marker: what the server must never send without a session. Used by the server
 * tests that need exact control (the crawler also runs against a real build).
 */
export const SECRET = 'CONTEUDO-PROTEGIDO';
export const LOGIN_MARKER = 'LOGIN-SHELL-PAGE';
export const INLINE_SCRIPT = "document.documentElement.setAttribute('data-theme','light');";

export interface FixtureOptions {
  auth?: 'server' | 'static' | null;
  emulatorHost?: string | null;
  allowedDomain?: string;
  projectId?: string;
}

export async function writeFixtureBuild(dir: string, opts: FixtureOptions = {}): Promise<void> {
  const mode = opts.auth === undefined ? 'server' : opts.auth;
  const auth = mode === null ? null : {
    allowedDomain: opts.allowedDomain ?? ALLOWED_DOMAIN,
    firebase: { apiKey: 'test-api-key', authDomain: `${PROJECT_ID}.firebaseapp.com`, projectId: opts.projectId ?? PROJECT_ID, storageBucket: '', messagingSenderId: '', appId: '' },
    emulatorHost: opts.emulatorHost ?? null,
    mode,
  };
  const page = (title: string) =>
    `<!doctype html><html lang="pt-BR"><head><meta charset="utf-8"><title>${title}</title>` +
    `<script>${INLINE_SCRIPT}</script>` +
    `<script type="module" src="/assets/app-1a2b3c4d.js"></script></head>` +
    `<body><div id="__docgen"><main>${SECRET} ${title}</main></div>` +
    `<script id="__docgen_boot" type="application/json">{"page":"${SECRET}"}</script></body></html>`;
  const files: Record<string, string> = {
    'index.html': page('home'),
    'docs/intro/index.html': page('intro'),
    'markdown-page/index.html': page('markdown-page'),
    'docs/category/definições-e-processos/index.html': page('categoria'),
    '404.html': page('Página não encontrada'),
    'assets/app-1a2b3c4d.js': `console.log(${JSON.stringify(SECRET)});`,
    'assets/app-1a2b3c4d.css': `/* ${SECRET} */ body{}`,
    'assets/search-index-9f8e7d6c.json': JSON.stringify({ docs: [SECRET] }),
    'assets/img/diagram-5e6f7a8b.svg': `<svg xmlns="http://www.w3.org/2000/svg"><text>${SECRET}</text></svg>`,
    '__docgen/login/login-0a1b2c3d.js': "console.log('login shell');",
    '__docgen/login/login-0a1b2c3d.css': '.dg-gate{}',
    '.docgen/login.html':
      `<!doctype html><html lang="pt-BR"><head><meta charset="utf-8"><title>${LOGIN_MARKER}</title>` +
      `<script>${INLINE_SCRIPT}</script><script type="module" src="/__docgen/login/login-0a1b2c3d.js"></script></head>` +
      `<body><div id="__docgen"></div><script id="__docgen_boot" type="application/json">{"site":{}}</script></body></html>`,
    '.docgen/manifest.json': JSON.stringify({
      version: 1,
      baseUrl: '/',
      routes: ['/', '/docs/intro', '/markdown-page', '/docs/category/definições-e-processos'],
      redirects: { '/docs': '/docs/intro' },
      notFound: '404.html',
      loginShell: '.docgen/login.html',
      publicPrefix: '/__docgen/login/',
      auth,
    }, null, 2),
  };
  for (const [rel, text] of Object.entries(files)) {
    const file = path.join(dir, ...rel.split('/'));
    await mkdir(path.dirname(file), { recursive: true });
    await writeFile(file, text);
  }
}
