import { createHash } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import { performance } from 'node:perf_hooks';
import { BoundedMemo } from './memo.js';
import type { ServeResponse } from './response.js';

/**
 * One JSON line per request on stdout, in the field names Cloud Logging reads from a
 * container's output (`severity`, `time`, `httpRequest`), so requests show in its request
 * view. Who asked is a hash of the session's `sub`: enough to follow one reader, never a
 * token, a cookie or an address book entry.
 */
const userHashes = new BoundedMemo<string, string>(10_000);

/** Records the session's user on the response, for its log line (hashed once per user, not per request). */
export function noteUser(res: ServeResponse, sub: string): void {
  res.user = userHashes.get(sub) ?? userHashes.set(sub, createHash('sha256').update(sub).digest('base64url').slice(0, 16));
}

export type LogWriter = (line: string) => void;

/** The request's line, once its response is done or the client gave up (the response's 'close'). */
export function logLine(req: IncomingMessage, res: ServeResponse, remoteIp: string): string {
  const seconds = (performance.now() - res.startedAt) / 1000;
  const length = res.bodyBytes >= 0 ? res.bodyBytes : Number(res.getHeader('content-length') ?? 0);
  // Built as text (only the strings a client chose are escaped): the same object as
  // JSON.stringify would write, at a fraction of its cost per request.
  return `{"severity":"${res.statusCode >= 500 ? 'ERROR' : 'INFO'}","time":"${isoNow()}","httpRequest":{`
    + `"requestMethod":${jsonString(req.method ?? '')},"requestUrl":${jsonString((req.url ?? '').slice(0, 2048))},`
    // A response cut off before its end is logged as what it was: not a success.
    + `"status":${res.writableFinished ? res.statusCode : 499},`
    + `"responseSize":"${req.method === 'HEAD' || res.statusCode === 304 ? 0 : length}","latency":"${seconds.toFixed(6)}s",`
    + `"remoteIp":${jsonString(remoteIp)},"userAgent":${userAgentJson(req.headers['user-agent'] ?? '')},`
    + `"protocol":"HTTP/${req.httpVersion}"},"user":${res.user === null ? 'null' : `"${res.user}"`}}\n`;
}

/** User agents as JSON strings: a server sees the same few hundred all day. */
const userAgents = new BoundedMemo<string, string>(1000);
const MAX_USER_AGENT = 256;

function userAgentJson(ua: string): string {
  // Only short ones are kept (the log cuts the rest anyway): the memo stays small.
  if (ua.length > MAX_USER_AGENT) return JSON.stringify(ua.slice(0, MAX_USER_AGENT));
  return userAgents.get(ua) ?? userAgents.set(ua, JSON.stringify(ua));
}
/** What JSON.stringify would escape (or replace, as lone surrogates). */
const NEEDS_ESCAPING = /["\\\u0000-\u001f\ud800-\udfff]/;

function jsonString(text: string): string {
  return NEEDS_ESCAPING.test(text) ? JSON.stringify(text) : `"${text}"`;
}

/** The time as ISO 8601, formatted once per millisecond rather than once per request. */
let isoMs = 0;
let isoText = '';
function isoNow(): string {
  const ms = Date.now();
  if (ms !== isoMs) {
    isoMs = ms;
    isoText = new Date(ms).toISOString();
  }
  return isoText;
}

/** Pending lines are written at least this often, and at once past FLUSH_BYTES. */
const FLUSH_MS = 50;
const FLUSH_BYTES = 64 * 1024;

/**
 * Lines written to stdout in batches: a pipe write is a synchronous system call in Node (it
 * blocks while the pipe is full), and one per request, or even one per turn of the event loop
 * under load, costs throughput. A batch waits at most FLUSH_MS; flush() writes it at once (on
 * shutdown).
 */
export function bufferedStdout(): { write: LogWriter; flush(): void } {
  let pending = '';
  let timer: NodeJS.Timeout | null = null;
  const flush = () => {
    if (timer) clearTimeout(timer);
    timer = null;
    if (pending === '') return;
    const text = pending;
    pending = '';
    process.stdout.write(text);
  };
  return {
    write: (line) => {
      pending += line;
      if (pending.length >= FLUSH_BYTES) flush();
      else timer ??= setTimeout(flush, FLUSH_MS);
    },
    flush,
  };
}
