// @vitest-environment happy-dom
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { showProblems } from '../../src/dev/client/overlay';
import { ProblemBoard, type DevProblem } from '../../src/dev/problems';
import { AggregateDocgenError, ContentError } from '../../src/errors';

// The dev overlay speaks the site's language (the theme's pt-BR strings), and its hints name
// what the site really has (issue "defects found by using the site", item 10).
const unknown = () => new AggregateDocgenError('1 unknown component:', [new ContentError({ file: 'content/docs/intro.mdx', line: 7, column: 1 },
  "Unknown JSX component <Tabela>. Import it at the top of the file (import Tabela from '@site/src/components/Tabela') or use one the theme provides: Admonition, Tabs.")]);

function problemsOf(siteDir: string): DevProblem[] {
  let shown: DevProblem[] = [];
  new ProblemBoard((all) => { shown = all; }, siteDir).set('page:intro', unknown());
  return shown;
}

const dirs: string[] = [];
afterEach(() => {
  document.body.innerHTML = '';
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});
const site = () => { const d = mkdtempSync(path.join(tmpdir(), 'docgen-overlay-')); dirs.push(d); return d; };

describe('dev overlay', () => {
  it('is in Portuguese: title, close button and footer', () => {
    showProblems([{ file: 'content/docs/intro.mdx', line: 3, column: 5, message: 'MDX syntax error', text: 'x' }, { message: 'b', text: 'b' }]);
    const root = document.getElementById('docgen-dev-overlay')!.shadowRoot!;
    expect(root.querySelector('h2')!.textContent).toBe('2 problemas');
    expect(root.querySelector('button')!.getAttribute('aria-label')).toContain('Ocultar');
    expect(root.textContent).toContain('Corrija o arquivo e salve: este aviso some sozinho.');
    expect(root.textContent).toContain('content/docs/intro.mdx:3:5');
    expect(root.querySelector('.panel')!.textContent).not.toMatch(/problems?\b|Fix the file/);
    showProblems([{ message: 'a', text: 'a' }]);
    expect(document.getElementById('docgen-dev-overlay')!.shadowRoot!.querySelector('h2')!.textContent).toBe('1 problema');
  });

  it('does not point at @site/src/components in a site without that folder', () => {
    const [problem] = problemsOf(site());
    expect(problem.message).toBe('Componente JSX desconhecido <Tabela>.');
    expect(problem.hint).toContain('Use um dos componentes do tema: Admonition, Tabs.');
    expect(problem.hint).toContain('crie src/components/Tabela.tsx');
    // The terminal keeps the engine's own line.
    expect(problem.text).toMatch(/^content\/docs\/intro\.mdx:7:1: Unknown JSX component <Tabela>/);
    showProblems([problem]);
    expect(document.getElementById('docgen-dev-overlay')!.shadowRoot!.textContent).toContain('crie src/components/Tabela.tsx');
  });

  it('suggests importing from @site/src/components where the site has it', () => {
    const dir = site();
    mkdirSync(path.join(dir, 'src', 'components'), { recursive: true });
    const [problem] = problemsOf(dir);
    expect(problem.hint).toBe("Importe-o no início do arquivo (import Tabela from '@site/src/components/Tabela') ou use um dos componentes do tema: Admonition, Tabs.");
  });
});
