import { createHash } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';

/**
 * One JSON line per request on stdout, in the field names Cloud Logging reads from a
 * container's output (`severity`, `time`, `httpRequest`), so requests show in its request
 * view. Who asked is a hash of the session's `sub`: enough to follow one reader, never a
 * token, a cookie or an address book entry.
 */
const users = new WeakMap<ServerResponse, string>();

/** Records the session's user on the response, for its log line. */
export function noteUser(res: ServerResponse, sub: string): void {
  users.set(res, createHash('sha256').update(sub).digest('base64url').slice(0, 16));
}

export type LogWriter = (line: string) => void;

/** Starts timing `req`; its line is written when the response is done or the client gave up. */
export function logRequest(req: IncomingMessage, res: ServerResponse, write: LogWriter, remoteIp: string): void {
  const start = process.hrtime.bigint();
  res.once('close', () => {
    const seconds = Number(process.hrtime.bigint() - start) / 1e9;
    const length = res.getHeader('content-length');
    const entry = {
      severity: res.statusCode >= 500 ? 'ERROR' : 'INFO',
      time: new Date().toISOString(),
      httpRequest: {
        requestMethod: req.method,
        requestUrl: (req.url ?? '').slice(0, 2048),
        // A response cut off before its end is logged as what it was: not a success.
        status: res.writableFinished ? res.statusCode : 499,
        responseSize: String(req.method === 'HEAD' || res.statusCode === 304 ? 0 : Number(length ?? 0)),
        latency: `${seconds.toFixed(6)}s`,
        remoteIp,
        userAgent: (req.headers['user-agent'] ?? '').slice(0, 256),
        protocol: `HTTP/${req.httpVersion}`,
      },
      user: users.get(res) ?? null,
    };
    write(JSON.stringify(entry) + '\n');
  });
}

/**
 * Lines written to stdout in batches, once per turn of the event loop: a pipe write is a
 * synchronous system call in Node, and one per request costs throughput under load.
 */
export function bufferedStdout(): { write: LogWriter; flush(): void } {
  let pending: string[] = [];
  let scheduled = false;
  const flush = () => {
    scheduled = false;
    if (pending.length === 0) return;
    const text = pending.join('');
    pending = [];
    process.stdout.write(text);
  };
  return {
    write: (line) => {
      pending.push(line);
      if (!scheduled) {
        scheduled = true;
        setImmediate(flush);
      }
    },
    flush,
  };
}
