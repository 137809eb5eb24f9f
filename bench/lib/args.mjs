// Command line of `npm run bench` (node bench/run.mjs [options]).

export const SECTIONS = ['build', 'weight', 'search', 'dev', 'compare', 'serve'];

export const USAGE = `usage: npm run bench -- [--only build|weight|search|dev|compare|serve] [--sizes 35,1000] [--runs 3]
                          [--timeout SECONDS] [--no-build-cli] [--regenerate]
  --only        run one section (repeatable or comma separated); default: all
  --sizes       corpus sizes in pages; default 35,1000
  --runs        timed runs per build kind (median, min, max); default 3
  --timeout     limit per docgen build, seconds; default max(120, N × 0.6)
  --no-build-cli  use cli/dist as it is (default: rebuild it first, so the bench times the source)
  --regenerate  regenerate the corpora even if their inputs are unchanged`;

export function parseArgs(argv) {
  const opts = { only: [], sizes: [35, 1000], runs: 3, timeoutS: null, buildCli: true, regenerate: false, help: false };
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
      case '-h': case '--help': opts.help = true; break;
      default: throw new Error(`unknown option ${argv[i]}\n${USAGE}`);
    }
  }
  const bad = opts.only.filter((s) => !SECTIONS.includes(s));
  if (bad.length) throw new Error(`--only: unknown section ${bad.join(', ')} (valid: ${SECTIONS.join(', ')})`);
  if (!opts.sizes.length || opts.sizes.some((n) => !Number.isInteger(n) || n < 1)) throw new Error('--sizes: positive integers, e.g. 35,1000');
  if (!Number.isInteger(opts.runs) || opts.runs < 1) throw new Error('--runs: a positive integer');
  if (!opts.only.length) opts.only = [...SECTIONS];
  return opts;
}
