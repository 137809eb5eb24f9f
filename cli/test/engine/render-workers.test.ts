import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { copyFixture, docgen, read, write } from '../helpers.js';
import { expectSameOutput } from './output-snapshot.js';

/** The basic fixture plus enough pages for the build to render on worker threads. */
function largeSite(pages = 70): string {
  const site = copyFixture('basic');
  for (let n = 1; n <= pages; n++) {
    const id = String(n).padStart(3, '0');
    write(site, `content/docs/gerados/pagina-${id}.md`, `# Página ${id}\n\nTexto da página ${id}, com **ênfase** e um [link](../intro.md).\n\n## Seção ${id}\n\n\`\`\`js\nconst n = ${n};\n\`\`\`\n`);
  }
  return site;
}

describe('rendering on worker threads', () => {
  it('writes byte for byte what rendering on the main thread writes', () => {
    const site = largeSite();
    // A favicon: the build publishes it for the login shell and changes the site data's URL.
    write(site, 'site.config.ts', read(site, 'site.config.ts').replace("title: 'Fixture Básico',", "title: 'Fixture Básico',\n  favicon: 'img/icone.svg',"));
    write(site, 'content/static/img/icone.svg', '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 1 1"/>');
    const parallel = docgen(['build', site, '--out-dir', 'par', '--no-cache', '--strict-links'], { env: { DOCGEN_THREADS: '4' } });
    expect(parallel.output).not.toMatch(/error/i);
    expect(parallel.code).toBe(0);
    expect(parallel.stdout).toMatch(/render html .* \d+ on worker threads/);
    const serial = docgen(['build', site, '--out-dir', 'seq', '--no-cache', '--strict-links'], { env: { DOCGEN_THREADS: '1' } });
    expect(serial.code).toBe(0);
    expect(serial.stdout).not.toMatch(/on worker threads/);
    expectSameOutput(path.join(site, 'seq'), path.join(site, 'par'));
  });

  it('keeps what workers wrote for the next build: unchanged pages, cached bodies, one edited page', () => {
    const site = largeSite();
    write(site, 'site.config.ts', read(site, 'site.config.ts').replace("title: 'Fixture Básico',", "title: 'Fixture Básico',\n  customCss: ['./src/extra.css'],"));
    write(site, 'src/extra.css', '.extra { color: red; }\n');
    const build = () => {
      // Two threads: one worker beside the main thread, as on this project's machines.
      const r = docgen(['build', site, '--out-dir', 'out', '--strict-links'], { env: { DOCGEN_THREADS: '2' } });
      expect(r.output).not.toMatch(/error/i);
      expect(r.code).toBe(0);
      return /render html .*/.exec(r.stdout)![0];
    };
    const fresh = (name: string) => {
      expect(docgen(['build', site, '--out-dir', name, '--no-cache'], { env: { DOCGEN_THREADS: '1' } }).code).toBe(0);
      expectSameOutput(path.join(site, name), path.join(site, 'out'));
    };
    const cold = build();
    expect(cold).toMatch(/ [1-9]\d* on worker threads/);
    const pages = Number(/(\d+) pages/.exec(cold)![1]);
    // Nothing changed: every page the workers wrote is kept from their records.
    expect(build()).toContain(`${pages} pages, ${pages} from cache`);
    fresh('fresh-1');
    // Every document changes, no body does: the bodies the workers sent back were kept.
    write(site, 'src/extra.css', '.extra { color: blue; }\n');
    expect(build()).toContain(`${pages} pages, ${pages} from cache`);
    fresh('fresh-2');
    // The last pages are the workers' (they start from the end): edit one of them.
    write(site, 'content/docs/gerados/pagina-070.md', read(site, 'content/docs/gerados/pagina-070.md') + '\nUm parágrafo novo.\n');
    expect(build()).toContain(`${pages} pages, ${pages - 1} from cache`);
    fresh('fresh-3');
  });

  it('names the page whose render fails on a worker', () => {
    const site = largeSite();
    write(site, 'content/docs/gerados/quebrada.mdx', "# Quebrada\n\n{(() => { throw new Error('quebrou ao renderizar'); })()}\n");
    const r = docgen(['build', site, '--out-dir', 'out'], { env: { DOCGEN_THREADS: '4' } });
    expect(r.code).not.toBe(0);
    expect(r.output).toContain('gerados/quebrada.mdx');
    expect(r.output).toContain('quebrou ao renderizar');
  });
});
