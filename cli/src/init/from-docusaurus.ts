import path from 'node:path';
import { DocgenError } from '../errors.js';
import { findConfigFile, validateConfig } from '../config/load-config.js';

/**
 * A Docusaurus site's config as an equivalent site.config.ts: the values docgen reads from
 * docusaurus.config.*, written out. Functions that came from a package are imported from it
 * again; other functions are copied as source and listed in `notes` to be checked by hand.
 */
export async function siteConfigFromDocusaurus(siteDir: string): Promise<{ source: string; warnings: string[]; notes: string[] }> {
  const found = findConfigFile(siteDir);
  if (!found || found.kind !== 'docusaurus') {
    throw new DocgenError(`${path.resolve(siteDir)} has no docusaurus.config.{ts,mjs,js,cjs}${found ? ' (it already has a site.config.ts)' : ''}; run docgen init --from-docusaurus in a Docusaurus site root`);
  }
  const { evaluateDocusaurusConfig } = await import('../config/docusaurus/evaluate.js');
  const { mapDocusaurusConfig } = await import('../config/docusaurus/map-config.js');
  const { config: raw, missing, required } = await evaluateDocusaurusConfig(found.file);
  const { config, warnings } = mapDocusaurusConfig(raw, { siteDir, configFile: found.file, missing });
  validateConfig(config, (w) => warnings.push(w), `${path.basename(found.file)} (as docgen reads it)`);
  const writer = new SourceWriter(required, path.basename(found.file));
  const body = writer.value(config, '');
  const imports = [...writer.imports].map(([spec, name]) => (spec.endsWith('#default') ? `import ${name} from '${spec.slice(0, -8)}';` : `import ${name} from '${spec}';`));
  const source = [
    `// Written by \`docgen init --from-docusaurus\` from ${path.basename(found.file)}; docgen reads this file instead from now on.`,
    "import { defineConfig } from 'docgen';",
    ...imports,
    '',
    `export default defineConfig(${body});`,
    '',
  ].join('\n');
  return { source, warnings, notes: writer.notes };
}

class SourceWriter {
  readonly imports = new Map<string, string>();
  readonly notes: string[] = [];
  constructor(private readonly required: Map<unknown, string>, private readonly configName: string) {}

  value(v: unknown, indent: string, at = ''): string {
    if (v === undefined) return 'undefined';
    if (v === null || typeof v === 'string' || typeof v === 'number' || typeof v === 'boolean') return JSON.stringify(v);
    if (typeof v === 'function') return this.fn(v, at);
    const inner = `${indent}  `;
    if (Array.isArray(v)) {
      if (v.length === 0) return '[]';
      return `[\n${v.map((x, i) => `${inner}${this.value(x, inner, `${at}[${i}]`)},`).join('\n')}\n${indent}]`;
    }
    const entries = Object.entries(v as Record<string, unknown>).filter(([, x]) => x !== undefined);
    if (entries.length === 0) return '{}';
    return `{\n${entries.map(([k, x]) => `${inner}${/^[A-Za-z_$][\w$]*$/.test(k) ? k : JSON.stringify(k)}: ${this.value(x, inner, at ? `${at}.${k}` : k)},`).join('\n')}\n${indent}}`;
  }

  private fn(f: unknown, at: string): string {
    const spec = this.required.get(f);
    if (spec) {
      const base = spec.replace(/#default$/, '').split('/').pop()!.replace(/[^\w$]+(.)?/g, (_, c: string | undefined) => (c ? c.toUpperCase() : ''));
      const name = this.imports.get(spec) ?? uniqueName(base || 'plugin', new Set(this.imports.values()));
      this.imports.set(spec, name);
      return name;
    }
    this.notes.push(`${at}: copied from ${this.configName} as source; check that it uses nothing defined elsewhere in that file`);
    return String(f);
  }
}

function uniqueName(base: string, taken: Set<string>): string {
  let name = /^[A-Za-z_$]/.test(base) ? base : `_${base}`;
  for (let i = 2; taken.has(name); i++) name = `${base}${i}`;
  return name;
}
