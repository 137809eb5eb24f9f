/**
 * Errors a user can cause. They carry what to fix and where; the CLI prints them
 * without a stack trace. Anything else that escapes is a docgen bug and keeps its stack.
 */
export interface SourceLocation {
  file: string;
  line?: number;
  column?: number;
}

export class DocgenError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'DocgenError';
  }
}

/** One problem in one content file, at a line and column when known. */
export class ContentError extends DocgenError {
  constructor(
    readonly location: SourceLocation,
    message: string,
    options?: { cause?: unknown },
  ) {
    super(message, options);
    this.name = 'ContentError';
  }

  override toString(): string {
    return `${formatLocation(this.location)}: ${this.message}`;
  }
}

/** One problem in site.config.ts, named by its config path. */
export class ConfigError extends DocgenError {
  constructor(
    readonly configPath: string,
    message: string,
    options?: { cause?: unknown },
  ) {
    super(message, options);
    this.name = 'ConfigError';
  }

  override toString(): string {
    return `  ${this.configPath || '(root)'}: ${this.message}`;
  }
}

/** Several problems found in one stage, reported together. */
export class AggregateDocgenError extends DocgenError {
  constructor(
    readonly title: string,
    readonly errors: DocgenError[],
    options?: { cause?: unknown },
  ) {
    super(`${title}\n${errors.map((e) => String(e)).join('\n')}`, options);
    this.name = 'AggregateDocgenError';
  }
}

/** Problems in one data file (code.json, tags.yml): a title, then one file:line:column line each. */
export function fileProblems(file: string, errors: DocgenError[]): AggregateDocgenError {
  return new AggregateDocgenError(`${errors.length === 1 ? 'A problem' : `${errors.length} problems`} in ${file}:`, errors);
}

export function formatLocation({ file, line, column }: SourceLocation): string {
  return line ? `${file}:${line}:${column ?? 1}` : file;
}

export function isUserError(error: unknown): error is DocgenError {
  return error instanceof DocgenError;
}

/** What to print for a user mistake: a lone content error keeps its file:line:column. */
export function userMessage(error: DocgenError): string {
  return error instanceof ContentError ? error.toString() : error.message;
}
