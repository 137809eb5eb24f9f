// Command line of `npm run bench` (node bench/run.mjs [options]).

export const SECTIONS = ['build', 'weight', 'search', 'dev', 'compare', 'serve', 'compat'];
/** Run when no --only is given. compat (real Docusaurus sites, an hour or so) only on request. */
export const DEFAULT_SECTIONS = ['build', 'weight', 'search', 'dev', 'compare', 'serve'];

export const USAGE = `usage: npm run bench -- [--only build|weight|search|dev|compare|serve|compat] [--sizes 35,1000] [--runs 3]
                          [--timeout SECONDS] [--no-build-cli] [--regenerate]
       npm run bench -- --only compat [--docgen PATH] [--fresh-docusaurus|--cached-docusaurus] [--docusaurus-timeout S] [dir…]
  --only        run one section (repeatable or comma separated); default: all but compat
  --sizes       corpus sizes in pages; default 35,1000
  --runs        timed runs per build kind (median, min, max); default 3
  --timeout     limit per docgen build, seconds; default max(120, N × 0.6)
  --no-build-cli  use cli/dist as it is (default: rebuild it first, so the bench times the source)
  --regenerate  regenerate the corpora even if their inputs are unchanged
  compat only (bench/compat.mjs, see bench/README.md):
  dir…          Docusaurus site roots to build with both engines (default: bench/compat-sites.json's sites)
  --docgen PATH the docgen CLI to test (default: this checkout's cli/bin/docgen.js; its checkout's CLI is rebuilt
                unless --no-build-cli)
  --fresh-docusaurus  rebuild with Docusaurus even when a build of the same site content is cached
  --cached-docusaurus never build with Docusaurus: compare with its cached builds only (quick)
  --docusaurus-timeout S  limit per Docusaurus build (default 2400)`;

export function parseArgs(argv) {
  const opts = { only: [], sizes: [35, 1000], runs: 3, timeoutS: null, buildCli: true, regenerate: false, help: false, docgen: null, freshDocusaurus: false, cachedDocusaurus: false, docusaurusTimeoutS: null, dirs: [] };
  for (let i = 0; i < argv.length; i++) {
    const [flag, inline] = argv[i].split('=', 2);
    const value = () => inline ?? argv[++i];
    switch (flag) {
      case '--only': opts.only.push(...value().split(',')); break;
      case '--sizes': opts.sizes = value().split(',').map(Number); break;
      case '--runs': opts.runs = Number(value()); break;
      case '--timeout': opts.timeoutS = Number(value()); break;
      case '--no-build-cli': opts.buildCli = false; break;
      case '--regenerate': opts.regenerate = true; break;
      case '--docgen': opts.docgen = value(); break;
      case '--fresh-docusaurus': opts.freshDocusaurus = true; break;
      case '--cached-docusaurus': opts.cachedDocusaurus = true; break;
      case '--docusaurus-timeout': opts.docusaurusTimeoutS = Number(value()); break;
      case '-h': case '--help': opts.help = true; break;
      default:
        if (argv[i].startsWith('-')) throw new Error(`unknown option ${argv[i]}\n${USAGE}`);
        opts.dirs.push(argv[i]);
    }
  }
  const bad = opts.only.filter((s) => !SECTIONS.includes(s));
  if (bad.length) throw new Error(`--only: unknown section ${bad.join(', ')} (valid: ${SECTIONS.join(', ')})`);
  if (!opts.sizes.length || opts.sizes.some((n) => !Number.isInteger(n) || n < 1)) throw new Error('--sizes: positive integers, e.g. 35,1000');
  if (!Number.isInteger(opts.runs) || opts.runs < 1) throw new Error('--runs: a positive integer');
  if (!opts.only.length) opts.only = [...DEFAULT_SECTIONS];
  const compatOnly = [opts.docgen, opts.freshDocusaurus || null, opts.cachedDocusaurus || null, opts.docusaurusTimeoutS, opts.dirs.length || null].some((x) => x != null);
  if (compatOnly && !opts.only.includes('compat')) throw new Error('site folders, --docgen, --fresh-docusaurus, --cached-docusaurus and --docusaurus-timeout go with --only compat');
  return opts;
}
