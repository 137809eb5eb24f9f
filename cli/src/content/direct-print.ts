import type { Expression, ObjectExpression, Property, SpreadElement } from 'estree';
import { toJs } from 'estree-util-to-js';
import { directProgram, type DirectContent, type MdxParts } from './direct-program.js';
import { standaloneForms, type StandaloneCode } from './standalone-forms.js';

/** A plain page's code as MDX prints it, and its standalone forms. */
export interface DirectOutput {
  code: string;
  forms: StandaloneCode | null;
  /** The page has imports or exports of its own. */
  esm: boolean;
}

const COMPONENTS = '__docgen_direct_components__';
const ROOT = '__docgen_direct_root__';

interface Template {
  code: string;
  forms: StandaloneCode | null;
}

/** The program printed around placeholders, per shape (runtime imports, components or not). */
const templates = new Map<string, Template>();

/**
 * Prints a plain page's program as MDX's printer (astring through estree-util-to-js) and the
 * standalone forms' compact printer would: the part that differs from page to page (the
 * `_components` defaults and the returned calls) is printed here, once, and put into the rest
 * of the program, printed once per shape by those same printers. This printer knows only what
 * direct-program.ts builds: calls, members, objects, arrays, string and boolean literals.
 */
export function printDirect(content: DirectContent, mdx: MdxParts): DirectOutput {
  // A page with imports, exports or components of its own has a program of its own.
  const own = content.esm.length > 0 || content.missing.length > 0;
  const shape = `${content.runtime.join()}|${content.components !== null}`;
  let template = own ? undefined : templates.get(shape);
  if (!template) {
    const program = directProgram(content, mdx, { components: COMPONENTS, root: ROOT });
    template = { code: toJs(program).value, forms: standaloneForms(program) };
    if (!own) templates.set(shape, template);
  }
  const pretty = { root: print(content.root, 1), components: content.components && print(content.components, 1) };
  // The compact layout is the pretty one without its line ends and indentation: a literal
  // never holds a raw line end (JSON escapes it), so every one is layout.
  const compact = template.forms && { root: flatten(pretty.root), components: pretty.components && flatten(pretty.components) };
  return {
    code: fill(template.code, pretty),
    forms: template.forms && { esm: fill(template.forms.esm, compact!), cjs: fill(template.forms.cjs, compact!) },
    esm: content.esm.length > 0,
  };
}

const flatten = (printed: string) => printed.replace(LAYOUT, '');
const LAYOUT = /\n */g;

/** The template with its placeholders replaced (functions as replacements: the code may hold `$&`). */
function fill(text: string, parts: { root: string; components: string | null }): string {
  const out = text.replace(ROOT, () => parts.root);
  return parts.components === null ? out : out.replace(COMPONENTS, () => parts.components!);
}

/**
 * astring's layout (estree-util-to-js's): an object's properties one per line, indented one
 * step (two spaces) deeper than the object's own level, the closing brace at its level; calls'
 * arguments and arrays' elements on one line, ", " between. Compact (standalone forms): the
 * same without line ends and indentation.
 */
function print(node: Expression | ObjectExpression, level: number): string {
  let out = '';
  const write = (node: Expression | SpreadElement | Property, level: number): void => {
    switch (node.type) {
      case 'Literal':
        out += JSON.stringify(node.value);
        return;
      case 'Identifier':
        out += node.name;
        return;
      case 'MemberExpression':
        return pair(node.object as Expression, '.', node.property as Expression, level);
      case 'CallExpression':
        write(node.callee as Expression, level);
        list('(', node.arguments as Expression[], ')', level);
        return;
      case 'ArrayExpression':
        list('[', node.elements as Expression[], ']', level);
        return;
      case 'ObjectExpression': {
        if (node.properties.length === 0) {
          out += '{}';
          return;
        }
        const inner = INDENTS[level + 1] ?? '  '.repeat(level + 1);
        out += '{\n';
        node.properties.forEach((p, i) => {
          if (i) out += ',\n';
          out += inner;
          write(p, level + 1);
        });
        out += `\n${INDENTS[level] ?? '  '.repeat(level)}}`;
        return;
      }
      case 'SpreadElement':
        out += '...';
        write(node.argument, level);
        return;
      case 'Property':
        return pair(node.key as Expression, ': ', node.value as Expression, level);
      default:
        throw new Error(`direct-print: no layout for ${node.type}`);
    }
  };
  const pair = (left: Expression, between: string, right: Expression, level: number) => {
    write(left, level);
    out += between;
    write(right, level);
  };
  const list = (open: string, items: Expression[], close: string, level: number) => {
    out += open;
    items.forEach((item, i) => {
      if (i) out += ', ';
      write(item, level);
    });
    out += close;
  };
  write(node, level);
  return out;
}

const INDENTS = Array.from({ length: 32 }, (_, i) => '  '.repeat(i));
