import type { IncomingMessage, ServerResponse } from 'node:http';
import { encodePathname } from '@docgen/core/url';

/** Small response helpers; every answer that is not a file is never cached. */
export function sendText(res: ServerResponse, status: number, text: string, head = false): void {
  res.statusCode = status;
  res.setHeader('Content-Type', 'text/plain; charset=utf-8');
  res.setHeader('Cache-Control', 'no-store');
  res.setHeader('Content-Length', Buffer.byteLength(text));
  res.end(head ? undefined : text);
}

export function sendJson(res: ServerResponse, status: number, body: unknown, head = false): void {
  const text = JSON.stringify(body);
  res.statusCode = status;
  res.setHeader('Content-Type', 'application/json; charset=utf-8');
  res.setHeader('Cache-Control', 'no-store');
  res.setHeader('Content-Length', Buffer.byteLength(text));
  res.end(head ? undefined : text);
}

export function sendEmpty(res: ServerResponse, status: number): void {
  res.statusCode = status;
  res.setHeader('Cache-Control', 'no-store');
  res.end();
}

/**
 * `location` is a decoded path (as the handlers work with) plus the request's raw query: the
 * path is percent-encoded as UTF-8 here, since a header carries bytes (an accented route went
 * out as Latin-1 and Chromium refused it; a character above U+00FF threw).
 */
export function redirect(res: ServerResponse, location: string, status: 301 | 302, cacheControl: string | null = null): void {
  const q = location.indexOf('?');
  res.statusCode = status;
  res.setHeader('Location', q < 0 ? encodePathname(location) : encodePathname(location.slice(0, q)) + location.slice(q));
  res.setHeader('Cache-Control', cacheControl ?? (status === 301 ? 'no-cache' : 'no-store'));
  res.end();
}

export function methodNotAllowed(res: ServerResponse, allow: string): void {
  res.setHeader('Allow', allow);
  sendText(res, 405, 'Method Not Allowed');
}

const REASONS: Record<number, string> = { 400: 'Bad Request', 401: 'Unauthorized', 404: 'Not Found', 500: 'Internal Server Error' };

export function sendStatus(res: ServerResponse, status: number, head = false): void {
  sendText(res, status, REASONS[status] ?? String(status), head);
}

type Route = (req: IncomingMessage, res: ServerResponse) => Promise<void> | void;

/**
 * A request listener around a route that may answer at once or later: an unexpected error (a
 * docgen bug) on one request is logged with its stack and answered 500 (or the connection
 * dropped if the response had started), and the server keeps serving the rest.
 */
export function guardRequests(label: string, route: Route, before?: (req: IncomingMessage, res: ServerResponse) => void) {
  // The failure path is made only when something failed, not once per request.
  const fail = (req: IncomingMessage, res: ServerResponse, error: unknown) => {
    console.error(`${label}: ${req.method} ${req.url}: ${(error as Error).stack ?? error}`);
    if (!res.headersSent) sendStatus(res, 500);
    else res.destroy();
  };
  return (req: IncomingMessage, res: ServerResponse): void => {
    try {
      before?.(req, res);
      route(req, res)?.catch((error: unknown) => fail(req, res, error));
    } catch (error) {
      fail(req, res, error);
    }
  };
}
