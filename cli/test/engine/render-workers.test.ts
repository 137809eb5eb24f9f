import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { copyFixture, docgen, write } from '../helpers.js';
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
    const parallel = docgen(['build', site, '--out-dir', 'par', '--no-cache', '--strict-links'], { env: { DOCGEN_THREADS: '4' } });
    expect(parallel.output).not.toMatch(/error/i);
    expect(parallel.code).toBe(0);
    expect(parallel.stdout).toMatch(/render html .* \d+ on worker threads/);
    const serial = docgen(['build', site, '--out-dir', 'seq', '--no-cache', '--strict-links'], { env: { DOCGEN_THREADS: '1' } });
    expect(serial.code).toBe(0);
    expect(serial.stdout).not.toMatch(/on worker threads/);
    expectSameOutput(path.join(site, 'seq'), path.join(site, 'par'));
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
