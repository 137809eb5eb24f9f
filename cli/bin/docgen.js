#!/usr/bin/env node
// The CLI is bundled once by `npm install` (prepare) into dist/; this shim only loads it.
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const dist = fileURLToPath(new URL('../dist/docgen.js', import.meta.url));
if (!existsSync(dist)) {
  console.error('docgen: the CLI is not built yet. Run `npm install` (or `npm run build -w docgen`) at the repository root.');
  process.exit(1);
}
await import(dist);
