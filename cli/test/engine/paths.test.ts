import { describe, expect, it } from 'vitest';
import { routeToHtmlFile } from '../../src/routes/paths.js';
import { stripNumberPrefix } from '../../src/content/scan.js';
import { preprocessMarkdown } from '../../src/content/plugins/preprocess.js';

describe('route paths', () => {
  it('maps routes to output files', () => {
    expect(routeToHtmlFile('/')).toBe('index.html');
    expect(routeToHtmlFile('/docs/intro')).toBe('docs/intro/index.html');
    expect(routeToHtmlFile('/docs/category/definições-e-processos')).toBe('docs/category/definições-e-processos/index.html');
  });
  it('refuses a route that would escape the output folder', () => {
    expect(() => routeToHtmlFile('/docs/../../etc/passwd')).toThrow(/outside the output folder/);
    expect(() => routeToHtmlFile('/a\\..\\b')).toThrow();
  });
});

describe('content conventions', () => {
  it('strips Docusaurus number prefixes but not version-like names', () => {
    expect(stripNumberPrefix('01-intro')).toEqual({ name: 'intro', position: 1 });
    expect(stripNumberPrefix('2_guia')).toEqual({ name: 'guia', position: 2 });
    expect(stripNumberPrefix('1.0')).toEqual({ name: '1.0' });
    expect(stripNumberPrefix('intro')).toEqual({ name: 'intro' });
  });
  it('lifts {#custom-id} out of headings and converts old admonition titles, outside code only', () => {
    const { body, customIds } = preprocessMarkdown('## Título {#meu-id}\n:::tip Minha dica\n```\n## Não {#x}\n```\n');
    expect(customIds).toEqual(new Map([[1, 'meu-id']]));
    expect(body.split('\n')).toEqual(['## Título', ':::tip[Minha dica]', '```', '## Não {#x}', '```', '']);
  });
});
