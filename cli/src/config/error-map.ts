import { ConfigError } from '../errors.js';
import type { FriendlyIssue } from '../utils/friendly-parse.js';

/** Friendly issues → one ConfigError each, named by config path. */
export const toConfigErrors = (issues: FriendlyIssue[]): ConfigError[] => issues.map((i) => new ConfigError(i.path, i.message));
