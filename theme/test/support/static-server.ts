import { createServer, type Server } from 'node:http';
import { readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import type { AddressInfo } from 'node:net';

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.woff2': 'font/woff2',
};

export interface StaticServer {
  url: string;
  close(): Promise<void>;
}

/**
 * A small static file server for browser tests of a build without a sign-in gate: routes are
 * <path>/index.html, `.html` paths redirect to the bare path (SPEC 2), unknown paths get
 * 404.html with status 404. Listens on 127.0.0.1 on a free port.
 */
export async function serveStatic(root: string): Promise<StaticServer> {
  const server: Server = createServer(async (req, res) => {
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    let pathname: string;
    try {
      pathname = decodeURIComponent(url.pathname);
    } catch {
      res.writeHead(400).end();
      return;
    }
    if (/(^|\/)index\.html$|\.html$/.test(pathname) && pathname !== '/404.html') {
      const bare = pathname.replace(/\/?index\.html$/, '').replace(/\.html$/, '') || '/';
      res.writeHead(301, { location: bare + url.search }).end();
      return;
    }
    const file = await resolveFile(root, pathname);
    if (file) {
      res.writeHead(200, { 'content-type': TYPES[path.extname(file)] ?? 'application/octet-stream', 'cache-control': 'no-store' });
      res.end(await readFile(file));
      return;
    }
    const notFound = path.join(root, '404.html');
    res.writeHead(404, { 'content-type': TYPES['.html'] });
    res.end(await readFile(notFound).catch(() => 'Not found'));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

async function resolveFile(root: string, pathname: string): Promise<string | null> {
  const target = path.resolve(root, '.' + pathname);
  if (target !== root && !target.startsWith(root + path.sep)) return null; // no escaping the build
  if (target.split(path.sep).includes('.docgen')) return null;
  for (const candidate of [target, path.join(target, 'index.html')]) {
    const info = await stat(candidate).catch(() => null);
    if (info?.isFile()) return candidate;
  }
  return null;
}
