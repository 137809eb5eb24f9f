/** Line and column (1-based) of a JSON or YAML syntax error, so a bad data file is reported as file:line:column. */
export interface Position {
  line: number;
  column: number;
}

/** Where JSON.parse stopped: node's message gives "line L column C" or "position N". */
export function jsonErrorPosition(error: Error, text: string): Position {
  const lineCol = /line (\d+) column (\d+)/.exec(error.message);
  if (lineCol) return { line: Number(lineCol[1]), column: Number(lineCol[2]) };
  const pos = /position (\d+)/.exec(error.message);
  return pos ? offsetPosition(text, Number(pos[1])) : { line: 1, column: 1 };
}

/** js-yaml errors carry a 0-based mark. */
export function yamlErrorPosition(error: unknown): Position {
  const mark = (error as { mark?: { line: number; column: number } }).mark;
  return mark ? { line: mark.line + 1, column: mark.column + 1 } : { line: 1, column: 1 };
}

export function offsetPosition(text: string, offset: number): Position {
  const before = text.slice(0, offset).split('\n');
  return { line: before.length, column: before[before.length - 1].length + 1 };
}

/**
 * Where a key of a JSON object is written (its first occurrence as `"key":`), for problems
 * found after parsing; 1:1 when it cannot be found.
 */
export function jsonKeyPosition(text: string, key: string): Position {
  const quoted = JSON.stringify(key).replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const m = new RegExp(`${quoted}\\s*:`).exec(text);
  return m ? offsetPosition(text, m.index) : { line: 1, column: 1 };
}

/** Where a top-level key of a YAML mapping is written (`key:` at the start of a line). */
export function yamlKeyPosition(text: string, key: string): Position {
  const escaped = key.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const m = new RegExp(`^(['"]?)${escaped}\\1\\s*:`, 'm').exec(text);
  return m ? offsetPosition(text, m.index) : { line: 1, column: 1 };
}
