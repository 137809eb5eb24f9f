import { readFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';

/**
 * Plain static hosting, as a site with `auth.mode: 'static'` gets it (no `docgen serve`):
 * files as they are, `<path>/index.html` for pages. Test code; the paths are ours.
 */
export async function startStaticServer(dir: string): Promise<{ url: string; close(): Promise<void> }> {
  const server: Server = createServer(async (req, res) => {
    const pathname = decodeURIComponent(new URL(req.url ?? '/', 'http://x').pathname);
    for (const candidate of [pathname, `${pathname}/index.html`, `${pathname}.html`]) {
      const body = await readFile(path.join(dir, candidate)).catch(() => null);
      if (!body) continue;
      const type = candidate.endsWith('.html') ? 'text/html' : candidate.endsWith('.css') ? 'text/css'
        : candidate.endsWith('.js') ? 'text/javascript' : candidate.endsWith('.svg') ? 'image/svg+xml' : 'application/octet-stream';
      res.writeHead(200, { 'content-type': type }).end(body);
      return;
    }
    res.writeHead(404).end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/`,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
