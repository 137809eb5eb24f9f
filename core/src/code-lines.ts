/**
 * Code block metadata as Docusaurus reads it (theme-common codeBlockUtils): the meta string
 * (`title="a.js" {1,3-4} showLineNumbers=5`) and the magic comments that mark highlighted
 * lines. The engine applies it at build time to fenced code; the theme to `<CodeBlock>`
 * children written as a string.
 */

export interface CodeMeta {
  title?: string;
  /** `{1,3-4}`: 1-based lines to highlight (magic comments are then left alone, as in Docusaurus). */
  range?: string;
  /** First line number, when line numbers are shown. */
  lineNumbersStart?: number;
}

export function parseCodeMeta(meta: string | null | undefined): CodeMeta {
  const out: CodeMeta = {};
  if (!meta) return out;
  const title = /(?:^|\s)title=(?:"([^"]*)"|'([^']*)'|(\S+))/.exec(meta);
  if (title) out.title = title[1] ?? title[2] ?? title[3];
  const range = /\{([\d,\s-]+)\}/.exec(meta);
  if (range) out.range = range[1];
  const numbers = /(?:^|\s)showLineNumbers(?:=(\d+))?(?=\s|$)/.exec(meta);
  if (numbers) out.lineNumbersStart = numbers[1] ? Number(numbers[1]) : 1;
  return out;
}

/** "1,3-5" → {1, 3, 4, 5} (parse-numeric-range's forms that code blocks use). */
export function parseRange(range: string): Set<number> {
  const out = new Set<number>();
  for (const part of range.split(',').map((p) => p.trim()).filter(Boolean)) {
    const m = /^(\d+)(?:\s*-\s*(\d+))?$/.exec(part);
    if (!m) continue;
    const [from, to] = [Number(m[1]), Number(m[2] ?? m[1])];
    for (let n = Math.min(from, to); n <= Math.max(from, to); n++) out.add(n);
  }
  return out;
}

// The comment styles Docusaurus recognises (js, jsx, bash, html, lua, tex…), all accepted.
const COMMENT = [/^\s*\/\/\s*(.+?)\s*$/, /^\s*\/\*\s*(.+?)\s*\*\/\s*$/, /^\s*\{\s*\/\*\s*(.+?)\s*\*\/\s*\}\s*$/, /^\s*#\s*(.+?)\s*$/, /^\s*<!--\s*(.+?)\s*-->\s*$/, /^\s*--\s*(.+?)\s*$/, /^\s*%\s*(.+?)\s*$/];
const DIRECTIVE = /^highlight-(next-line|start|end)$/;

export interface CodeLines {
  /** The code without its magic comment lines. */
  code: string;
  /** 1-based line numbers (in `code`) to highlight. */
  highlighted: Set<number>;
}

/**
 * Removes `highlight-next-line` / `highlight-start` / `highlight-end` comment lines and
 * returns the lines they mark; a `{1,3-4}` range wins over magic comments, as in Docusaurus.
 * An unclosed `highlight-start` highlights to the end of the block.
 */
export function parseCodeLines(code: string, range?: string): CodeLines {
  if (range !== undefined) return { code, highlighted: parseRange(range) };
  const kept: string[] = [];
  const highlighted = new Set<number>();
  let nextLine = false;
  let open = 0;
  for (const line of code.split('\n')) {
    const directive = directiveOf(line);
    if (directive === 'next-line') nextLine = true;
    else if (directive === 'start') open++;
    else if (directive === 'end') open = Math.max(0, open - 1);
    else {
      kept.push(line);
      if (nextLine || open > 0) highlighted.add(kept.length);
      nextLine = false;
    }
  }
  return { code: kept.join('\n'), highlighted };
}

function directiveOf(line: string): string | null {
  for (const style of COMMENT) {
    const m = style.exec(line);
    const d = m && DIRECTIVE.exec(m[1]);
    if (d) return d[1];
  }
  return null;
}
