import type { IncomingMessage } from 'node:http';
import { describe, expect, it } from 'vitest';
import { logLine } from '../../src/serve/access-log.js';
import type { ServeResponse } from '../../src/serve/response.js';

/** logLine writes JSON by hand (JSON.stringify per request was a measurable cost): it must stay JSON. */
function line(req: Partial<IncomingMessage>, res: Partial<ServeResponse> = {}, remoteIp = '203.0.113.9') {
  const fullReq = { method: 'GET', url: '/', headers: {}, httpVersion: '1.1', ...req } as IncomingMessage;
  const fullRes = { startedAt: performance.now(), statusCode: 200, bodyBytes: 10, writableFinished: true, user: null, getHeader: () => undefined, ...res } as unknown as ServeResponse;
  const text = logLine(fullReq, fullRes, remoteIp);
  expect(text.endsWith('\n')).toBe(true);
  expect(text.indexOf('\n')).toBe(text.length - 1);
  return JSON.parse(text);
}

describe('logLine', () => {
  it('keeps what a client sent intact, quotes, backslashes, control characters and lone surrogates included', () => {
    for (const url of ['/docs/a"b', '/docs/a\\b', '/docs/\u0001\u001f', '/docs/\ud800x', '/docs/ação', '/plain']) {
      expect(line({ url }).httpRequest.requestUrl).toBe(url);
    }
    for (const ua of ['agent "quoted"', 'tab\there', 'x'.repeat(300), 'Mozilla/5.0']) {
      expect(line({ headers: { 'user-agent': ua } }).httpRequest.userAgent).toBe(ua.slice(0, 256));
    }
    expect(line({}, {}, '2001:db8::"1').httpRequest.remoteIp).toBe('2001:db8::"1');
  });

  it('gives the time in ISO 8601 (current, not stale) and what was sent', () => {
    const before = Date.now();
    const entry = line({ method: 'HEAD', url: '/x' }, { statusCode: 304, user: 'abc' });
    expect(new Date(entry.time).toISOString()).toBe(entry.time);
    expect(Date.parse(entry.time)).toBeGreaterThanOrEqual(before);
    expect(entry).toMatchObject({ severity: 'INFO', user: 'abc', httpRequest: { requestMethod: 'HEAD', status: 304, responseSize: '0' } });
    expect(line({}, { statusCode: 500 }).severity).toBe('ERROR');
    expect(line({}, { writableFinished: false }).httpRequest.status).toBe(499);
  });
});
