/**
 * A standalone page's compiled MDX (its module imports only the JSX runtime) turned into
 * CommonJS by editing its few top-level import and export statements, without esbuild: on
 * every save that transform was a round trip to esbuild's process, 4–15 ms of the wait for
 * the new text. The MDX compiler prints one top-level statement per line; a small scanner
 * skips strings, template literals and comments, so a line that starts with `export` inside
 * a string is never mistaken for a statement. Anything it does not fully understand (a `/`
 * that may start a regular expression, `export { … }`, several declarators) returns null,
 * and the caller uses esbuild as before.
 */

const JSX_RUNTIME_IMPORT = /^import \{([\w$\s,]*)\} from "react\/jsx-runtime";/;
const DECLARATION = /^export (?:(default) )?((?:async )?function\*? ?|class |const |let |var )([A-Za-z_$][\w$]*)\b/;

export function standaloneToCommonJs(code: string): string | null {
  const edits: { at: number; remove: number; insert: string }[] = [];
  const exported: [string, string][] = [];
  // Inside `export const a = …` until its `;`: a top-level comma means a second declarator.
  let inExportedVar = false;
  // Open brackets; '`' marks a template literal's text, '$' a `${` inside one.
  const stack: number[] = [];
  const n = code.length;
  // A statement starts at the beginning of the code or of a line, outside any bracket.
  let lineStart = true;
  let i = 0;
  while (i < n) {
    const c = code.charCodeAt(i);
    if (lineStart && stack.length === 0 && (c === I || c === E)) {
      lineStart = false;
      const statement = topLevelStatement(code, i);
      if (statement === null) return null;
      if (statement) {
        edits.push(statement.edit);
        if (statement.export) exported.push(statement.export);
        inExportedVar = statement.variable;
        i = statement.edit.at + statement.edit.remove;
        continue;
      }
    }
    lineStart = false;
    if (stack.length && stack[stack.length - 1] === TICK) {
      // Template literal text: only its end and `${` matter.
      if (c === BACKSLASH) i += 2;
      else if (c === TICK) (stack.pop(), i++);
      else if (c === DOLLAR && code.charCodeAt(i + 1) === OPEN_BRACE) (stack.push(DOLLAR), (i += 2));
      else i++;
      continue;
    }
    switch (c) {
      case NEWLINE:
        lineStart = true;
        break;
      case DOUBLE_QUOTE:
      case SINGLE_QUOTE:
        i = skipString(code, i, c);
        if (i < 0) return null;
        continue;
      case SLASH: {
        const next = code.charCodeAt(i + 1);
        if (next === SLASH) i = code.indexOf('\n', i) >>> 0;
        else if (next === STAR) {
          const end = code.indexOf('*/', i + 2);
          if (end < 0) return null;
          i = end + 2;
        } else return null; // division or a regular expression: not told apart here
        continue;
      }
      case TICK:
      case OPEN_PAREN:
      case OPEN_BRACKET:
      case OPEN_BRACE:
        stack.push(c);
        break;
      case CLOSE_PAREN:
        if (stack.pop() !== OPEN_PAREN) return null;
        break;
      case CLOSE_BRACKET:
        if (stack.pop() !== OPEN_BRACKET) return null;
        break;
      case CLOSE_BRACE: {
        const open = stack.pop();
        if (open !== OPEN_BRACE && open !== DOLLAR) return null;
        break;
      }
      case SEMICOLON:
        if (stack.length === 0) inExportedVar = false;
        break;
      case COMMA:
        if (stack.length === 0 && inExportedVar) return null;
        break;
    }
    i++;
  }
  if (stack.length || inExportedVar) return null;
  let out = '';
  let from = 0;
  for (const e of edits) {
    out += code.slice(from, e.at) + e.insert;
    from = e.at + e.remove;
  }
  out += code.slice(from);
  // Assigned after the body ran, as esbuild's getters read them: the same values for a reader.
  return `${out}\n${exported.map(([as, name]) => `exports[${JSON.stringify(as)}] = ${name};`).join('\n')}\n`;
}

const [I, E, NEWLINE, DOUBLE_QUOTE, SINGLE_QUOTE, SLASH, STAR, TICK, BACKSLASH, DOLLAR] = [...'ie\n"\'/*`\\$'].map((c) => c.charCodeAt(0));
const [OPEN_PAREN, CLOSE_PAREN, OPEN_BRACKET, CLOSE_BRACKET, OPEN_BRACE, CLOSE_BRACE, SEMICOLON, COMMA] = [...'()[]{};,'].map((c) => c.charCodeAt(0));

interface Statement {
  edit: { at: number; remove: number; insert: string };
  export?: [string, string];
  variable: boolean;
}

/**
 * The import or export statement at `at` (a line start outside brackets), rewritten; false
 * when the line is some other statement; null when it is one this module does not handle.
 */
function topLevelStatement(code: string, at: number): Statement | null | false {
  const line = code.slice(at, Math.min(code.indexOf('\n', at) >>> 0, at + 500));
  if (/^import\b/.test(line)) {
    const m = JSX_RUNTIME_IMPORT.exec(line);
    if (!m) return null;
    const names = m[1].split(',').map((s) => s.trim()).filter(Boolean).map((s) => s.split(/\s+as\s+/));
    if (names.some((p) => p.length > 2 || !p.every((x) => /^[A-Za-z_$][\w$]*$/.test(x)))) return null;
    const binding = names.map(([from, as = from]) => (from === as ? from : `${from}: ${as}`)).join(', ');
    return { edit: { at, remove: m[0].length, insert: `const {${binding}} = require("react/jsx-runtime");` }, variable: false };
  }
  if (!/^export\b/.test(line)) return false;
  const m = DECLARATION.exec(line);
  if (!m) return null;
  const [, isDefault, kind, name] = m;
  const variable = !kind.includes('function') && !kind.startsWith('class');
  if (isDefault && variable) return null;
  // Only `export ` (or `export default `) goes; the scan goes on from the declaration.
  return { edit: { at, remove: isDefault ? 'export default '.length : 'export '.length, insert: '' }, export: [isDefault ? 'default' : name, name], variable };
}

/** Index after the string literal starting at `start`, or -1 when it does not end on its line. */
function skipString(code: string, start: number, quote: number): number {
  const q = quote === DOUBLE_QUOTE ? '"' : "'";
  let i = start + 1;
  for (;;) {
    const end = code.indexOf(q, i);
    if (end < 0) return -1;
    // An odd run of backslashes before the quote escapes it.
    let slashes = 0;
    while (code.charCodeAt(end - 1 - slashes) === BACKSLASH) slashes++;
    if (slashes % 2 === 0) {
      const newline = code.indexOf('\n', start);
      return newline >= 0 && newline < end ? -1 : end + 1;
    }
    i = end + 1;
  }
}

/**
 * Runs the scanner over a made-up page of the compiler's shape a few times, so that V8 has
 * optimised it before the first save (called while the first page compiles): its first run
 * over a large page took 10–25 ms, the next ones 1–2.
 */
export function warmUpScanner(): boolean {
  const child = '_jsx(_components.p, {\n      children: ["Texto com \\"aspas\\", \'apóstrofos\' e `crases` / ", _jsx(_components.a, {href: "/docs/x#y"})]\n    }), "\\n", ';
  const code = `import {jsx as _jsx} from "react/jsx-runtime";\nexport const frontMatter = {"title": "x"};\nfunction _createMdxContent(props) {\n  const _components = {p: "p", a: "a", ...props.components};\n  return [${child.repeat(250)}];\n}\nexport default function MDXContent(props = {}) {\n  return _createMdxContent(props);\n}\n`;
  let converted = true;
  for (let i = 0; i < 3; i++) converted &&= standaloneToCommonJs(code) !== null;
  return converted;
}
