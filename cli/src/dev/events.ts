import type { IncomingMessage, ServerResponse } from 'node:http';
import type { DevMessage } from './messages.js';

export type { DevMessage } from './messages.js';
export type { RouteUpdate } from '@docgen/core/live-update';

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
