import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { validateConfig } from '../../src/config/load-config.js';
import { buildRoutes } from '../../src/routes/build-routes.js';

/**
 * The route and sidebar builders, one fixture folder per case: `fixtures/<case>/` holds a
 * `content/` tree and `config.json` (site.config.ts as data); `routes.json` and
 * `sidebars.json` are what buildRoutes makes of them. `UPDATE_FIXTURES=1` rewrites the
 * expected files; review them by eye.
 */
const root = path.join(path.dirname(fileURLToPath(import.meta.url)), 'fixtures');
const update = process.env.UPDATE_FIXTURES === '1';

describe('route and sidebar builders (fixture folders)', () => {
  it.each(readdirSync(root))('%s', (name) => {
    const dir = path.join(root, name);
    const config = validateConfig(JSON.parse(readFileSync(path.join(dir, 'config.json'), 'utf8')));
    const table = buildRoutes(config, dir);
    expect(table.problems.map(String)).toEqual([]);
    const routes = table.routes.map((r) => ({
      path: r.path,
      kind: r.page.kind,
      title: r.page.title,
      sidebar: r.sidebarKey,
      ...(r.source?.kind === 'mdx' ? { file: r.source.doc.relativePath } : {}),
      ...(r.page.breadcrumbs ? { breadcrumbs: r.page.breadcrumbs.map((b) => b.title).join(' › ') } : {}),
      ...(r.page.prev ? { prev: r.page.prev.href } : {}),
      ...(r.page.next ? { next: r.page.next.href } : {}),
    }));
    const outputs = {
      'routes.json': { routes, redirects: table.redirects },
      'sidebars.json': Object.fromEntries(table.sidebars),
    };
    for (const [file, value] of Object.entries(outputs)) {
      const text = `${JSON.stringify(value, null, 2)}\n`;
      const expected = path.join(dir, file);
      if (update) writeFileSync(expected, text);
      expect(existsSync(expected), `${expected} is missing: run with UPDATE_FIXTURES=1 and review it`).toBe(true);
      expect(text, `${name}/${file}`).toBe(readFileSync(expected, 'utf8'));
    }
  });
});

describe('route builder mistakes', () => {
  it('names the category file that is really there (.yml) when its doc link is wrong', () => {
    const dir = path.join(root, '..', 'bad-category');
    const table = buildRoutes(validateConfig(JSON.parse(readFileSync(path.join(dir, 'config.json'), 'utf8'))), dir);
    expect(table.problems.map(String)).toEqual([
      'content/docs/guia/_category_.yml:1:1: Category link points to doc "nao-existe", which does not exist; expected one of: guia/um',
    ]);
  });
});
