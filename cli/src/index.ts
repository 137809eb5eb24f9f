import { Command, InvalidArgumentError, Option } from 'commander';

// dev and serve listen alike: port 3000 on the loopback address unless told otherwise.
const portOption = () => new Option('--port <n>', 'port').default('3000');
const hostOption = () => new Option('--host <h>', 'host').default('127.0.0.1');
/** `--trust-proxy` alone is one proxy; `--trust-proxy 2` two (each appends to X-Forwarded-For). */
const proxyHops = (value: string): number => {
  const hops = Number(value);
  if (!Number.isInteger(hops) || hops < 1 || hops > 10) throw new InvalidArgumentError(`a number of proxies from 1 to 10 is expected, not '${value}'`);
  return hops;
};

// Each command loads its own modules when it runs (the CLI bundle is split): `docgen serve`
// never loads the MDX toolchain, and `docgen dev` leaves it to its compile worker.

const program = new Command();
program.name('docgen').description('Headless docs engine').version('1.0.1');

program
  .command('build')
  .description('Build the static site into a folder (atomically replaced on success)')
  .argument('[siteDir]', 'site folder holding site.config.ts and content/', '.')
  .option('--out-dir <dir>', 'output folder, relative to siteDir', 'build')
  .option('--strict-links', 'fail the build on any broken link or anchor', false)
  .option('--no-cache', 'compile every page again instead of reusing <siteDir>/.docgen/cache')
  .option('--fail-on-stale', 'fail the build when a doc was last reviewed more than docs.staleAfterDays ago', false)
  .option('--locale <code>', "build one locale only (one of the config's i18n.locales), at the URLs a full build gives it, as `docusaurus build --locale`; default: every locale")
  .action(async (siteDir: string, opts: { outDir: string; strictLinks: boolean; cache: boolean; failOnStale: boolean; locale?: string }) => {
    const { runBuild } = await import('./commands/build.js');
    process.exitCode = await runBuild({ siteDir, outDir: opts.outDir, strictLinks: opts.strictLinks, cache: opts.cache, failOnStale: opts.failOnStale, locale: opts.locale });
  });

program
  .command('dev')
  .description('Serve the site while you write: pages compile on demand and the browser updates as you save')
  .argument('[siteDir]', 'site folder holding site.config.ts and content/', '.')
  .addOption(portOption())
  .addOption(hostOption())
  .action(async (siteDir: string, opts: { port: string; host: string }) => {
    // The compile worker first: it loads the MDX toolchain while this thread loads dev.
    (await import('./dev/prestart.js')).prestartCompileWorker();
    const { runDev } = await import('./commands/dev.js');
    process.exitCode = await runDev({ siteDir, port: Number(opts.port), host: opts.host });
  });

program
  .command('serve')
  .description('Serve a build (when the site configures sign-in, every protected file needs a verified session)')
  .argument('[siteDir]', 'site folder', '.')
  .option('--dir <dir>', 'build folder, relative to siteDir', 'build')
  .addOption(new Option('--port <n>', 'port (default: $PORT, else 3000)'))
  .addOption(hostOption())
  .addOption(new Option('--trust-proxy [hops]', 'behind proxies (Cloud Run: 1, the default; Cloud Run behind Firebase Hosting: 2): believe X-Forwarded-Host and -Proto, and take the client address that many entries from the right of X-Forwarded-For').argParser(proxyHops).default(false))
  .option('--public', 'in production, serve a build without sign-in (auth: null) on purpose', false)
  .action(async (siteDir: string, opts: { dir: string; port?: string; host: string; trustProxy: boolean | number; public: boolean }) => {
    const { runServe } = await import('./commands/serve.js');
    const port = opts.port === undefined ? undefined : Number(opts.port);
    process.exitCode = await runServe({ siteDir, dir: opts.dir, port, host: opts.host, trustProxy: opts.trustProxy, public: opts.public });
  });

program
  .command('init')
  .description('Create a new site in a folder (pt-BR, one page), or with --from-docusaurus write the site.config.ts equivalent to a Docusaurus site\'s config')
  .argument('[dir]', 'folder of the site', '.')
  .option('--from-docusaurus', 'read docusaurus.config.* in <dir> and write the equivalent site.config.ts', false)
  .option('--title <title>', 'site title of a new site (default: the folder name)')
  .action(async (dir: string, opts: { fromDocusaurus: boolean; title?: string }) => {
    const { runInit } = await import('./commands/init.js');
    process.exitCode = await runInit({ dir, fromDocusaurus: opts.fromDocusaurus, title: opts.title, version: program.version() ?? '1.0.1' });
  });

await program.parseAsync();
