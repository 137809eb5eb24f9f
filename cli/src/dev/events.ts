import type { IncomingMessage, ServerResponse } from 'node:http';
import type { DevProblem } from './problems.js';

/** What one route update tells the browser (the theme's `docgen:route-update` detail). */
export interface RouteUpdate {
  path: string;
  chunk: string;
  sidebar: string | null;
}

/** Messages on the live-update channel (server-sent events, one JSON object per event). */
export type DevMessage =
  /**
   * First message of every connection: a new id means the server restarted (reload); the
   * manifest lets a page catch up with changes made before it connected.
   */
  | { type: 'hello'; id: string; problems: DevProblem[]; manifest: string | null }
  | { type: 'problems'; problems: DevProblem[] }
  | { type: 'update'; manifest: string; routes: RouteUpdate[]; removed: string[] }
  | { type: 'reload'; reason: string };

/** Keeps idle connections (and proxies in between) from timing out. */
const HEARTBEAT_MS = 20_000;

/**
 * The server side of GET /__docgen/dev/events. Server-sent events rather than a WebSocket:
 * one direction is all we need, the browser reconnects by itself, and it is plain HTTP.
 */
export class EventHub {
  private readonly clients = new Set<ServerResponse>();
  private readonly heartbeat: NodeJS.Timeout;

  constructor(private readonly hello: () => DevMessage) {
    this.heartbeat = setInterval(() => this.write(': ping\n\n'), HEARTBEAT_MS);
    this.heartbeat.unref();
  }

  connect(req: IncomingMessage, res: ServerResponse): void {
    res.writeHead(200, {
      'Content-Type': 'text/event-stream; charset=utf-8',
      'Cache-Control': 'no-store',
      Connection: 'keep-alive',
    });
    // A short retry: after a restart the page finds the new server within a second.
    res.write('retry: 1000\n\n');
    res.write(frame(this.hello()));
    this.clients.add(res);
    req.on('close', () => this.clients.delete(res));
  }

  send(message: DevMessage): void {
    this.write(frame(message));
  }

  get size(): number {
    return this.clients.size;
  }

  close(): void {
    clearInterval(this.heartbeat);
    for (const res of this.clients) res.end();
    this.clients.clear();
  }

  private write(text: string): void {
    for (const res of this.clients) res.write(text);
  }
}

const frame = (message: DevMessage) => `data: ${JSON.stringify(message)}\n\n`;
