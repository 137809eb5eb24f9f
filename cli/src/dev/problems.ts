import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import type { DevStringKey } from './client/strings.js';
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

  constructor(
    private readonly onChange: (problems: DevProblem[], added: DevProblem[], cleared: string[]) => void,
    /** The site, so hints name what it really has. */
    private readonly siteDir?: string,
  ) {}

  set(source: string, error: unknown): void {
    const problems = toProblems(error).map((p) => withSiteHint(p, this.siteDir));
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

// Read at run time: the CLI's bundle keeps packages external, and node loads JSON through require.
let catalog: Record<string, string> | null = null;
function translate(key: DevStringKey, values: Record<string, string>): string {
  catalog ??= createRequire(import.meta.url)('@docgen/theme/i18n/dev.pt-BR.json') as Record<string, string>;
  return (catalog[key] ?? key).replace(/\{(\w+)\}/g, (whole, name: string) => (name in values ? values[name] : whole));
}

const UNKNOWN_COMPONENT = /^Unknown JSX component <([\w.]+)>\..*use one the theme provides: (.*)\.$/s;

/**
 * The overlay speaks the site's language: a known engine message gets a pt-BR message and a
 * hint that fits this site (it only points at `@site/src/components/…` when that folder
 * exists). The terminal keeps the engine's own line.
 */
export function withSiteHint(problem: DevProblem, siteDir?: string): DevProblem {
  const unknown = UNKNOWN_COMPONENT.exec(problem.message);
  if (!unknown) return problem;
  const [, name, known] = unknown;
  const hasComponents = siteDir !== undefined && existsSync(path.join(siteDir, 'src', 'components'));
  const values = { name, known };
  return {
    ...problem,
    message: translate('devOverlay.unknownComponent', values),
    hint: translate(hasComponents ? 'devOverlay.unknownComponent.siteHint' : 'devOverlay.unknownComponent.themeHint', values),
  };
}
