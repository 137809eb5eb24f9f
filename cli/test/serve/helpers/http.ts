import { request as httpRequest } from 'node:http';
import { expect } from 'vitest';

export interface RawResponse {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

/**
 * One HTTP request with the target sent byte for byte (fetch and URL would normalise
 * `..` and percent-encodings away, hiding exactly what these tests need to send).
 */
export function request(
  base: string,
  target: string,
  opts: { method?: string; headers?: Record<string, string>; body?: string } = {},
): Promise<RawResponse> {
  const url = new URL(base);
  return new Promise((resolve, reject) => {
    const req = httpRequest(
      { host: url.hostname, port: url.port, method: opts.method ?? 'GET', path: target, headers: opts.headers, timeout: 15_000 },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks).toString('utf8') }));
        res.on('error', reject);
      },
    );
    req.on('timeout', () => req.destroy(new Error(`timeout: ${target}`)));
    req.on('error', reject);
    req.end(opts.body);
  });
}

/** `name=value` of the Set-Cookie header named `name`, for sending back as a Cookie. */
export function setCookie(res: RawResponse, name: string): string | null {
  const all = res.headers['set-cookie'] ?? [];
  const line = (Array.isArray(all) ? all : [all]).find((c) => c.startsWith(`${name}=`));
  return line ? line.split(';')[0] : null;
}

export function setCookieLine(res: RawResponse, name: string): string | null {
  const all = res.headers['set-cookie'] ?? [];
  return (Array.isArray(all) ? all : [all]).find((c) => c.startsWith(`${name}=`)) ?? null;
}

/** POST <base>__auth/session with `{"idToken"}`, as the page does (same Origin, JSON). */
export function postIdToken(base: string, idToken: string, headers: Record<string, string> = {}): Promise<RawResponse> {
  const url = new URL(base);
  return request(base, `${url.pathname}__auth/session`, {
    method: 'POST',
    headers: { origin: url.origin, 'content-type': 'application/json', ...headers },
    body: JSON.stringify({ idToken }),
  });
}

/** The headers every docgen serve answer carries, whatever it is. */
export function expectSecurityHeaders(res: RawResponse): void {
  expect(res.headers['x-content-type-options']).toBe('nosniff');
  expect(res.headers['x-frame-options']).toBe('DENY');
  expect(res.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
  expect(res.headers['cross-origin-opener-policy']).toBe('same-origin-allow-popups');
  expect(res.headers['content-security-policy']).toContain("frame-ancestors 'none'");
}
