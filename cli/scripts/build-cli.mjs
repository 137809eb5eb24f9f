// Bundles the CLI's TypeScript into ESM files in dist/; most dependencies stay external (node_modules).
import { build } from 'esbuild';
import { rmSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
/**
 * Plain libraries every start imports, bundled in: node resolved, read and linked them file by
 * file (zod alone is 67 modules), a large part of `docgen dev`'s module loading. Packages that
 * must stay one instance with code outside the CLI (react, the theme's), that find files
 * beside their own (esbuild) or that are CommonJS and require node's modules (commander: an
 * ES module bundle has no require) stay in node_modules.
 */
const BUNDLED = /^(zod|js-yaml|github-slugger|unist-util-visit|astring)(\/|$)/;
// Chunk names carry hashes: start from an empty dist/ so old chunks do not pile up.
rmSync(root + 'dist', { recursive: true, force: true });
await build({
  // The render, search and output scan workers are entries of their own: worker threads load them by file name.
  entryPoints: { docgen: root + 'src/index.ts', 'render-worker': root + 'src/build/render-worker.ts', 'search-worker': root + 'src/build/search-worker.ts', 'scan-worker': root + 'src/output/scan-worker.ts' },
  outdir: root + 'dist',
  bundle: true,
  // Commands are imported lazily (src/index.ts), so each loads only what it needs. Shared
  // chunks stay in dist/ itself: compile-pool finds compile-worker.js beside its own file.
  splitting: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  // Dependencies stay in node_modules, except @docgen/core: it ships TypeScript source (the
  // theme's bundler reads it too), which node cannot load, so it is bundled in; and BUNDLED.
  plugins: [externalPackagesExceptCore(), zodEnglishOnly()],
  sourcemap: 'linked',
  logLevel: 'warning',
});

// The MDX toolchain, apart from the CLI: the compile worker (worker threads load it by file
// name) and the same jobs for a build too small for workers. Loading its ~400 modules from
// node_modules took 340 ms at every start of a worker or of `docgen dev`; bundled, 80.
// Split into chunks so that what few pages need is loaded only by them: config loading
// (esbuild, zod) for sites with markdown plugins, the front matter parser for partials. That
// was 140 → 57 ms of CPU to load the toolchain. Chunk names carry content hashes and the
// worker file names its chunks, so the compile cache's fingerprint of the worker file still
// covers the code it runs.
await build({
  entryPoints: { 'compile-worker': root + 'src/content/compile-worker.ts', 'compile-job': root + 'src/content/compile-job.ts' },
  outdir: root + 'dist',
  bundle: true,
  splitting: true,
  chunkNames: 'toolchain-[hash]',
  platform: 'node',
  format: 'esm',
  target: 'node20',
  // CommonJS dependencies inside an ES module still need require (resolved from dist/).
  // esbuild finds its binary relative to its own files: it stays in node_modules.
  external: ['esbuild'],
  // Every plugin in the toolchain walks trees with our equivalent of unist-util-visit(-parents),
  // which costs a fraction of theirs (src/content/fast-visit.ts says why).
  alias: { 'unist-util-visit': root + 'src/content/fast-visit.ts', 'unist-util-visit-parents': root + 'src/content/fast-visit.ts' },
  banner: { js: "import { createRequire as __docgenCreateRequire } from 'node:module'; const require = __docgenCreateRequire(import.meta.url);" },
  sourcemap: 'linked',
  logLevel: 'warning',
});

// The dev client (src/dev/client: live updates, error overlay) is browser code that depends on
// nothing of a site: bundled here once. Bundled at every `docgen dev` start, it started
// esbuild's service for itself, about 60 ms of that start's main thread.
await build({
  entryPoints: { 'dev-client': root + 'src/dev/client/index.ts' },
  outdir: root + 'dist',
  bundle: true,
  format: 'esm',
  platform: 'browser',
  target: 'es2020',
  logLevel: 'warning',
});

function externalPackagesExceptCore() {
  return {
    name: 'external-packages-except-core',
    setup(build) {
      // What a bundled package imports is bundled with it.
      const bundled = (args) => args.path.startsWith('@docgen/core') || BUNDLED.test(args.path) || args.importer.includes('/node_modules/');
      build.onResolve({ filter: /^[^./]/ }, (args) => (bundled(args) ? undefined : { path: args.path, external: true }));
    },
  };
}

/**
 * zod's `z` namespace (and its core's) re-exports its 40 locales' error messages (`z.locales`), so the whole
 * set (300 KB) was bundled and parsed at every start. docgen's messages are its own
 * (config/error-map.ts) and zod's default map is English: the other locales are left out.
 */
function zodEnglishOnly() {
  return {
    name: 'zod-english-only',
    setup(build) {
      build.onResolve({ filter: /^\.\.\/locales\/index\.js$/ }, (args) =>
        /[\\/]zod[\\/]v4[\\/](classic|core)[\\/]/.test(args.importer) ? { path: args.importer, namespace: 'zod-locales' } : undefined,
      );
      build.onLoad({ filter: /.*/, namespace: 'zod-locales' }, (args) => ({
        contents: `export { default as en } from ${JSON.stringify(new URL('../locales/en.js', `file://${args.path}`).pathname)};`,
        resolveDir: root,
      }));
    },
  };
}
