// Bundles the CLI's TypeScript into ESM files in dist/; dependencies stay external (node_modules).
import { build } from 'esbuild';
import { rmSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
// Chunk names carry hashes: start from an empty dist/ so old chunks do not pile up.
rmSync(root + 'dist', { recursive: true, force: true });
await build({
  // The compile worker is its own entry: worker threads load it by file name.
  entryPoints: { docgen: root + 'src/index.ts', 'compile-worker': root + 'src/content/compile-worker.ts' },
  outdir: root + 'dist',
  bundle: true,
  // Commands are imported lazily (src/index.ts), so each loads only what it needs. Shared
  // chunks stay in dist/ itself: compile-pool finds compile-worker.js beside its own file.
  splitting: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  // Dependencies stay in node_modules, except @docgen/core: it ships TypeScript source (the
  // theme's bundler reads it too), which node cannot load, so it is bundled in.
  plugins: [externalPackagesExceptCore()],
  sourcemap: 'linked',
  logLevel: 'warning',
});

function externalPackagesExceptCore() {
  return {
    name: 'external-packages-except-core',
    setup(build) {
      build.onResolve({ filter: /^[^./]/ }, (args) => (args.path.startsWith('@docgen/core') ? undefined : { path: args.path, external: true }));
    },
  };
}
