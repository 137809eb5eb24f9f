// Bundles the CLI's TypeScript into one ESM file; dependencies stay external (node_modules).
import { build } from 'esbuild';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
await build({
  entryPoints: [root + 'src/index.ts'],
  outfile: root + 'dist/docgen.js',
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  packages: 'external',
  sourcemap: 'linked',
  logLevel: 'warning',
});
