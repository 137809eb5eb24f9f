import { generate } from 'astring';
import type { Identifier, Literal, Node, Pattern, Program } from 'estree';
import type { VFile } from 'vfile';

/**
 * Most pages are plain MDX: their compiled module imports nothing but the JSX runtime, so it
 * needs no bundler (bundle/standalone.ts). A build needs such a module in two forms: CommonJS
 * for the prerender and a compact ES module for the browser that imports the runtime from a
 * placeholder URL. Both are printed here, from the compiler's own syntax tree, on the thread
 * that compiled the page: two esbuild transforms per page cost about 5 ms of CPU (at 1000
 * pages a serial stage of seconds), printing costs a fraction of that and runs in parallel.
 */
export const JSX_RUNTIME = 'react/jsx-runtime';
export const RUNTIME_PLACEHOLDER = '__docgen_jsx_runtime__';

/** A standalone page's module in the two forms a build needs. */
export interface StandaloneCode {
  /** CommonJS for the prerender. */
  cjs: string;
  /** Compact ES module for the browser, importing the JSX runtime from RUNTIME_PLACEHOLDER. */
  esm: string;
}

/** `import(`, anywhere (a text that mentions one counts: the module then goes to the bundler). */
export const DYNAMIC_IMPORT = /\bimport\s*\(/;

/** True when every import/re-export of the module is from the JSX runtime. */
export function isStandalone(code: string): boolean {
  const specifiers = [...code.matchAll(/^\s*(?:import|export)\b[^;'"]*?\bfrom\s*(["'])([^"']+)\1/gm)].map((m) => m[2]);
  const bareImports = /^\s*import\s*["']/m.test(code) || DYNAMIC_IMPORT.test(code);
  return !bareImports && specifiers.every((s) => s === JSX_RUNTIME);
}

const print = (node: Node) => generate(node, { indent: '', lineEnd: '' });

/**
 * The two forms of a program, or null when it imports anything but the JSX runtime (or
 * re-exports from another module): such a page goes through the bundler.
 */
export function standaloneForms(program: Program): StandaloneCode | null {
  const esm: string[] = [];
  const cjs: string[] = [];
  // `export { a as b }` may come before `a` is declared: assigned once everything has run.
  const late: string[] = [];
  for (const node of program.body) {
    switch (node.type) {
      case 'ImportDeclaration': {
        if (node.source.value !== JSX_RUNTIME) return null;
        const named = node.specifiers.flatMap((s) => (s.type === 'ImportSpecifier' ? [`${importedName(s.imported)}: ${s.local.name}`] : []));
        esm.push(print({ ...node, source: { type: 'Literal', value: RUNTIME_PLACEHOLDER } }));
        const required = `require(${JSON.stringify(JSX_RUNTIME)})`;
        if (named.length) cjs.push(`const {${named.join(', ')}} = ${required};`);
        for (const s of node.specifiers) {
          if (s.type === 'ImportNamespaceSpecifier') cjs.push(`const ${s.local.name} = ${required};`);
          if (s.type === 'ImportDefaultSpecifier') cjs.push(`const ${s.local.name} = ${required}.default;`);
        }
        break;
      }
      case 'ExportAllDeclaration':
        return null;
      case 'ExportNamedDeclaration': {
        if (node.source) return null;
        if (node.declaration) {
          const text = print(node.declaration);
          esm.push(`export ${text}`);
          cjs.push(text, ...declaredNames(node.declaration).map((name) => `exports.${name} = ${name};`));
        } else {
          // Printed here: astring prints a name given as a string ('export { a as "b c" }') as undefined.
          const name = (n: Identifier | Literal) => (n.type === 'Identifier' ? n.name : JSON.stringify(n.value));
          esm.push(`export {${node.specifiers.map((s) => `${name(s.local)} as ${name(s.exported)}`).join(', ')}};`);
          for (const s of node.specifiers) late.push(`exports[${JSON.stringify(importedName(s.exported))}] = ${importedName(s.local)};`);
        }
        break;
      }
      case 'ExportDefaultDeclaration': {
        const d = node.declaration;
        if ((d.type === 'FunctionDeclaration' || d.type === 'ClassDeclaration') && d.id) {
          const text = print(d as Node);
          esm.push(`export default ${text}`);
          cjs.push(text, `exports.default = ${d.id.name};`);
        } else {
          esm.push(print(node));
          // An anonymous declaration is printed as an expression in parentheses.
          const value = d.type === 'FunctionDeclaration' ? { ...d, type: 'FunctionExpression' as const } : d.type === 'ClassDeclaration' ? { ...d, type: 'ClassExpression' as const } : d;
          cjs.push(`exports.default = (${print(value as Node)});`);
        }
        break;
      }
      default: {
        const text = print(node);
        esm.push(text);
        cjs.push(text);
      }
    }
  }
  // An ES module is strict code; so is its CommonJS form.
  return { esm: esm.join('\n'), cjs: ['"use strict";', ...cjs, ...late].join('\n') };
}

/** recma plugin: the page's standalone forms on `file.data.standaloneForms` (see standaloneForms). */
export function recmaStandaloneForms() {
  return (tree: Program, file: VFile) => {
    (file.data as { standaloneForms?: StandaloneCode | null }).standaloneForms = standaloneForms(tree);
  };
}

/** Adds the same statement to both forms: `export const name = value` (JSON) or a plain one. */
export function appendExport(forms: StandaloneCode, name: string, json: string): StandaloneCode {
  return { esm: `${forms.esm}\nexport const ${name} = ${json};`, cjs: `${forms.cjs}\nexports.${name} = ${json};` };
}

export function appendStatement(forms: StandaloneCode, statement: string): StandaloneCode {
  return { esm: `${forms.esm}\n${statement}`, cjs: `${forms.cjs}\n${statement}` };
}

const importedName = (n: Identifier | Literal) => (n.type === 'Identifier' ? n.name : String(n.value));

export function declaredNames(node: Node): string[] {
  if (node.type === 'VariableDeclaration') return node.declarations.flatMap((d) => patternNames(d.id));
  if ((node.type === 'FunctionDeclaration' || node.type === 'ClassDeclaration') && node.id) return [node.id.name];
  return [];
}

function patternNames(p: Pattern): string[] {
  switch (p.type) {
    case 'Identifier':
      return [p.name];
    case 'ObjectPattern':
      return p.properties.flatMap((prop) => patternNames(prop.type === 'RestElement' ? prop : prop.value));
    case 'ArrayPattern':
      return p.elements.flatMap((e) => (e ? patternNames(e) : []));
    case 'RestElement':
      return patternNames(p.argument);
    case 'AssignmentPattern':
      return patternNames(p.left);
    default:
      return [];
  }
}
