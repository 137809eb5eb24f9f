import type { z } from 'zod';
import { ConfigError } from '../errors.js';

/** zod issues → one ConfigError each: config path, what was expected, the value received. */
export function issuesToConfigErrors(issues: z.core.$ZodIssue[]): ConfigError[] {
  return issues.map((issue) => {
    const path = issue.path.map(String).join('.');
    const input = (issue as { input?: unknown }).input;
    const received = input === undefined ? 'nothing' : JSON.stringify(input);
    return new ConfigError(path, `${issue.message} (received ${received})`);
  });
}
