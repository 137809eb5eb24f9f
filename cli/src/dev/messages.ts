/**
 * The live-update channel's messages (server-sent events, one JSON object per event): the
 * dev server (events.ts) sends them, the dev client (client/index.ts) reads them. Types
 * only, so the browser bundle takes nothing else from node code.
 */
import type { RouteUpdate } from '@docgen/core/live-update';

/** A mistake as the terminal printed it and the overlay shows it. */
export interface DevProblem {
  file?: string;
  line?: number;
  column?: number;
  message: string;
  /** `file:line:column: message`, the exact line the terminal printed. */
  text: string;
  /** What to do about it, in the site's language, fitted to the site (the overlay shows it). */
  hint?: string;
}

export type DevMessage =
  /**
   * First message of every connection: a new id means the server restarted (reload); the
   * manifest lets a page catch up with changes made before it connected.
   */
  | { type: 'hello'; id: string; problems: DevProblem[]; manifest: string | null }
  | { type: 'problems'; problems: DevProblem[] }
  | { type: 'update'; manifest: string; routes: RouteUpdate[]; removed: string[] }
  | { type: 'reload'; reason: string };
