/** Process-level helpers shared by the long-running commands (`docgen dev`, `docgen serve`). */

/** Resolves with the first SIGINT or SIGTERM, then stops listening for them. */
export function stopSignal(): Promise<NodeJS.Signals> {
  return new Promise((resolve) => {
    const stop = (signal: NodeJS.Signals) => {
      process.off('SIGINT', stop);
      process.off('SIGTERM', stop);
      resolve(signal);
    };
    process.on('SIGINT', stop);
    process.on('SIGTERM', stop);
  });
}

/** The --port problem to print, or null when the value is a usable port (0 = any free one). */
export function portProblem(command: string, port: number): string | null {
  return Number.isInteger(port) && port >= 0 && port <= 65535 ? null : `docgen ${command}: --port must be a number from 0 to 65535, got ${port}`;
}
