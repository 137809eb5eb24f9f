import type { DevProblem } from './messages.js';
import { AggregateDocgenError, ConfigError, ContentError, DocgenError, formatLocation } from '../errors.js';
import { CONFIG_FILE } from '../config/load-config.js';

/** One mistake as the terminal prints it and the browser overlay shows it. */
export type { DevProblem } from './messages.js';

/**
 * The mistakes the dev server knows about right now, by where they came from ('config',
 * 'routes', 'page:<file>', 'theme'…). Setting a source replaces its problems; clearing it is
 * how a fix is noticed. Every other page keeps serving from the last good state meanwhile.
 */
export class ProblemBoard {
  private readonly bySource = new Map<string, DevProblem[]>();

  constructor(private readonly onChange: (problems: DevProblem[], added: DevProblem[], cleared: string[]) => void) {}

  set(source: string, error: unknown): void {
    const problems = toProblems(error);
    const before = this.bySource.get(source);
    if (before && sameProblems(before, problems)) return;
    this.bySource.set(source, problems);
    this.onChange(this.all(), problems, []);
  }

  clear(source: string): void {
    if (!this.bySource.delete(source)) return;
    this.onChange(this.all(), [], [source]);
  }

  has(source: string): boolean {
    return this.bySource.has(source);
  }

  all(): DevProblem[] {
    return [...this.bySource.values()].flat();
  }
}

/** Flattens the engine's errors (they already carry file:line:column) into problems. */
export function toProblems(error: unknown): DevProblem[] {
  if (error instanceof AggregateDocgenError) return error.errors.flatMap(toProblems);
  if (error instanceof ContentError) {
    const { file, line, column } = error.location;
    return [{ file, line, column, message: error.message, text: `${formatLocation(error.location)}: ${error.message}` }];
  }
  if (error instanceof ConfigError) {
    const where = error.configPath ? `${CONFIG_FILE} (${error.configPath})` : CONFIG_FILE;
    return [{ file: CONFIG_FILE, message: error.message, text: `${where}: ${error.message}` }];
  }
  if (error instanceof DocgenError) return [{ message: error.message, text: error.message }];
  // Not a user mistake (a docgen bug, or content that throws while rendering): keep the stack.
  const e = error as Error;
  return [{ message: e?.message ?? String(error), text: e?.stack ?? String(error) }];
}

const sameProblems = (a: DevProblem[], b: DevProblem[]) => a.length === b.length && a.every((p, i) => p.text === b[i].text);
