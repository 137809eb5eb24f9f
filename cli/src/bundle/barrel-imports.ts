import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';

/**
 * `import { cibDocker } from '@coreui/icons'` names one icon, but the package's entry is a
 * "barrel" re-exporting all 1,586 of them from a file each, and esbuild parses every file a
 * barrel names before tree-shaking drops them (as Next.js's optimizePackageImports and
 * babel-plugin-import avoid). When the entry is nothing but re-exports and the package
 * declares its scripts free of side effects (the case in which the bundler would drop the
 * unused files anyway), the import is rewritten to the files that define the names:
 * `import { cibDocker } from '<…>/dist/esm/brand/cib-docker.js'`. Anything else (a default or
 * namespace import, a name the barrel does not re-export from a file, an entry with code) is
 * left as written.
 */
export class BarrelImports {
  /** Package folder → its barrel's names (null: not a barrel). */
  private readonly barrels = new Map<string, Map<string, { file: string; name: string }> | null>();
  /** Folder + package name → the package's folder (null: not found). */
  private readonly packageDirs = new Map<string, string | null>();

  /** `code` with the named imports of barrel packages pointed at their files. */
  rewrite(code: string, resolveDir: string): string {
    if (!code.includes('import')) return code;
    return code.replace(NAMED_IMPORT, (statement, names: string, quote: string, specifier: string) => {
      if (!BARE_PACKAGE.test(specifier)) return statement;
      const barrel = this.barrelOf(resolveDir, specifier);
      if (!barrel) return statement;
      const parts = names.split(',').map((s) => s.trim()).filter(Boolean);
      const imports: string[] = [];
      for (const part of parts) {
        const m = /^([\w$]+)(?:\s+as\s+([\w$]+))?$/.exec(part);
        const target = m && barrel.get(m[1]);
        if (!m || !target) return statement; // `type X`, or a name not re-exported from a file
        imports.push(`import { ${target.name} as ${m[2] ?? m[1]} } from ${quote}${target.file}${quote};`);
      }
      // As many lines as the statement had: later lines keep their numbers for error positions.
      return imports.join(' ') + '\n'.repeat(statement.split('\n').length - 1);
    });
  }

  private barrelOf(resolveDir: string, specifier: string): Map<string, { file: string; name: string }> | null {
    const dir = this.packageDir(resolveDir, specifier);
    if (!dir) return null;
    let barrel = this.barrels.get(dir);
    if (barrel === undefined) this.barrels.set(dir, (barrel = readBarrel(dir)));
    return barrel;
  }

  private packageDir(resolveDir: string, name: string): string | null {
    const key = `${resolveDir}\0${name}`;
    let found = this.packageDirs.get(key);
    if (found !== undefined) return found;
    found = null;
    for (let dir = resolveDir; ; dir = path.dirname(dir)) {
      const candidate = path.join(dir, 'node_modules', name);
      if (existsSync(path.join(candidate, 'package.json'))) {
        found = candidate;
        break;
      }
      if (path.dirname(dir) === dir) break;
    }
    this.packageDirs.set(key, found);
    return found;
  }
}

/** `import { a, b as c } from 'x';` (no default or namespace part). */
const NAMED_IMPORT = /^[ \t]*import\s*\{([^}]*)\}\s*from\s*(['"])([^'"\n]+)\2;?/gm;
/** A package's own entry: `pkg` or `@scope/pkg`, no subpath. */
const BARE_PACKAGE = /^(?:@[\w.-]+\/)?[\w.-]+$/;
/** One re-export statement of a barrel: `export { a, default as B } from './a.js';`. */
const RE_EXPORT = /^export\s*\{([^}]*)\}\s*from\s*['"](\.[^'"]+)['"];?$/;
/** What else a barrel may hold: namespace imports re-exported, comments, blank lines. */
const HARMLESS = /^(?:import\s*\*\s*as\s+[\w$]+\s+from\s*['"][^'"]+['"];?|export\s*\{\s*[\w$]+\s+as\s+[\w$]+\s*\};?|\/\/.*|\/\*.*|\*.*|)$/;

/** Name → defining file and its export name, when the package's ES entry is a side-effect-free barrel. */
function readBarrel(dir: string): Map<string, { file: string; name: string }> | null {
  let pkg: { module?: unknown; sideEffects?: unknown; type?: unknown; exports?: unknown };
  try {
    pkg = JSON.parse(readFileSync(path.join(dir, 'package.json'), 'utf8'));
  } catch {
    return null;
  }
  // Only scripts without side effects: then skipping the barrel changes nothing a bundle runs.
  const pure = pkg.sideEffects === false || (Array.isArray(pkg.sideEffects) && pkg.sideEffects.every((p) => typeof p === 'string' && /\.(?:css|s[ac]ss|less)$/.test(p)));
  // With an exports map the bundler may pick another entry than `module`: left alone.
  if (!pure || typeof pkg.module !== 'string' || pkg.exports !== undefined) return null;
  const entry = path.join(dir, pkg.module);
  let text: string;
  try {
    text = readFileSync(entry, 'utf8');
  } catch {
    return null;
  }
  const names = new Map<string, { file: string; name: string }>();
  for (const raw of text.split('\n')) {
    const line = raw.trim();
    const m = RE_EXPORT.exec(line);
    if (!m) {
      if (HARMLESS.test(line)) continue;
      return null; // code of its own: not a barrel
    }
    const file = path.resolve(path.dirname(entry), m[2]).split(path.sep).join('/');
    for (const spec of m[1].split(',').map((s) => s.trim()).filter(Boolean)) {
      const s = /^([\w$]+)(?:\s+as\s+([\w$]+))?$/.exec(spec);
      if (!s) return null;
      names.set(s[2] ?? s[1], { file, name: s[1] });
    }
  }
  return names.size > 0 ? names : null;
}
