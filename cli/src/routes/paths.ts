import path from 'node:path';

/**
 * Route path → output HTML file, relative to the output folder. Throws on a path that
 * would escape the output folder (a hostile or mistaken slug).
 */
export function routeToHtmlFile(routePath: string): string {
  const decoded = routePath.split('/').filter(Boolean);
  if (decoded.some((s) => s === '..' || s === '.' || s.includes('\\') || s.includes('\0'))) {
    throw new Error(`Route "${routePath}" would be written outside the output folder`);
  }
  return decoded.length === 0 ? 'index.html' : path.posix.join(...decoded, 'index.html');
}
