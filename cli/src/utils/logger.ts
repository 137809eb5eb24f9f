/** Terminal output. Colour only on a TTY; everything goes through here so tests can capture it. */
export interface Logger {
  info(message: string): void;
  warn(message: string): void;
  error(message: string): void;
  warnings: number;
}

const tty = process.stdout.isTTY && !process.env.NO_COLOR;
const paint = (code: number, s: string) => (tty ? `\x1b[${code}m${s}\x1b[0m` : s);
export const dim = (s: string) => paint(2, s);
export const green = (s: string) => paint(32, s);
export const yellow = (s: string) => paint(33, s);
export const red = (s: string) => paint(31, s);

export function createLogger(): Logger {
  const logger: Logger = {
    warnings: 0,
    info: (m) => console.log(m),
    warn: (m) => {
      logger.warnings++;
      console.warn(`${yellow('warning')} ${m}`);
    },
    error: (m) => console.error(`${red('error')} ${m}`),
  };
  return logger;
}
