import { existsSync, mkdirSync, readdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { DocgenError } from '../errors.js';

/** The files of a new site, by path relative to its folder. */
export function newSiteFiles(title: string, docgenVersion: string): Record<string, string> {
  return {
    'package.json': `${JSON.stringify({
      name: slug(title) || 'docs',
      private: true,
      type: 'module',
      scripts: { dev: 'docgen dev', build: 'docgen build --strict-links', serve: 'docgen serve' },
      devDependencies: { docgen: docgenVersion },
    }, null, 2)}\n`,
    'site.config.ts': `import { defineConfig } from 'docgen';

export default defineConfig({
  title: ${JSON.stringify(title)},
  i18n: { defaultLocale: 'pt-BR', locales: ['pt-BR'] },
  themeConfig: {
    navbar: {
      title: ${JSON.stringify(title)},
      items: [
        { type: 'docSidebar', sidebarId: 'tutorialSidebar', position: 'left', label: 'Documentação' },
        { type: 'search', position: 'right' },
      ],
    },
  },
});
`,
    'content/docs/intro.md': `---
sidebar_position: 1
---

# Introdução

Bem-vindo à documentação de ${title}. Edite \`content/docs/intro.md\` e salve: o navegador mostra a mudança na hora.

## Próximos passos

- Crie páginas em \`content/docs/\` (Markdown ou MDX).
- Pastas viram categorias da barra lateral; \`_category_.json\` define o rótulo e a posição.
`,
    'content/pages/index.md': `# ${title}

Comece pela [introdução](/docs/intro).
`,
    'README.md': `# ${title}

Documentação feita com docgen.

\`\`\`sh
npm install && npm run dev      # instala e abre o site em http://127.0.0.1:3000 enquanto você escreve
npm install && npm run build    # instala e gera o site em build/, falhando em qualquer link quebrado (o que a CI roda)
\`\`\`
`,
    '.gitignore': 'node_modules/\nbuild/\n.docgen/\n',
  };
}

/** Writes files into a folder, refusing to overwrite any of them. */
export function writeNewFiles(dir: string, files: Record<string, string>): string[] {
  const clashes = Object.keys(files).filter((f) => existsSync(path.join(dir, f)));
  if (clashes.length > 0) {
    throw new DocgenError(`${path.resolve(dir)} already has ${clashes.join(', ')}: docgen init writes only new files. Choose an empty folder, or move those files away.`);
  }
  for (const [rel, text] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(dir, rel)), { recursive: true });
    writeFileSync(path.join(dir, rel), text);
  }
  return Object.keys(files);
}

export const isEmptyDir = (dir: string) => !existsSync(dir) || readdirSync(dir).length === 0;

const slug = (s: string) => s.normalize('NFD').replace(/[\u0300-\u036f]/g, '').toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '');
