// Budgets from the issues and competitors' figures from /work/shared/TESTING-NOTES.md
// ("Anchors measured on the same kind of machine", median of 3, generated pt-BR corpus).
// Copied here rather than parsed at run time: the notes live outside the repository and their
// prose may change; these numbers are the ones the issues were written against.

const MiB = 1024 ** 2;
const GiB = 1024 ** 3;

/** Issue 2: build budgets per corpus size. Warm builds get the cold budget (no separate one). */
export const BUILD_BUDGETS = {
  35: { wallMs: 2000 },
  1000: { wallMs: 20_000, rssBytes: 1 * GiB },
};

/** Issue 3: JS a doc page loads before it is interactive, gzip, sign-in SDK excluded. */
export const PAGE_JS_BUDGET = 60 * 1024;

/** Issue 6 and 7, for the sections that other scripts fill (shown for reference). */
export const SEARCH_BUDGETS = { fetchedBeforeFirstResult: 400 * 1024, queryP95Ms: 50 };
export const DEV_BUDGETS = { startMs: 1000, editMs: 50 };

export const COMPETITORS = [
  { tool: 'Docusaurus 3.10', pages: 35, cold: 46_000, warm: 8_800, rss: 750 * MiB },
  { tool: 'Docusaurus 3.10 + faster (Rspack)', pages: 35, cold: 7_400, warm: 4_000, rss: 510 * MiB },
  { tool: 'VitePress 1.6', pages: 35, cold: 14_300, warm: 11_700, rss: 360 * MiB },
  { tool: 'Astro Starlight 0.37', pages: 35, cold: 11_100, warm: 9_600, rss: 460 * MiB },
  { tool: 'Docusaurus 3.10', pages: 1000, cold: 210_000, warm: 70_000, rss: 2.3 * GiB },
  { tool: 'Docusaurus 3.10 + faster (Rspack)', pages: 1000, cold: 57_000, warm: 34_000, rss: 2.6 * GiB },
  { tool: 'VitePress 1.6', pages: 1000, cold: 152_000, warm: 128_000, rss: 2.1 * GiB },
  { tool: 'Astro Starlight 0.37', pages: 1000, cold: 108_000, warm: 77_000, rss: 2.9 * GiB },
];

/** Page weight and output size the notes give (gzip JS per doc page; HTML per page). */
export const COMPETITOR_WEIGHT = [
  { tool: 'Docusaurus 3.10', pages: 35, jsGzip: 181 * 1024 },
  { tool: 'Docusaurus 3.10', pages: 1000, jsGzip: 334 * 1024 },
  { tool: 'VitePress 1.6', pages: 35, jsGzip: 57 * 1024 },
  { tool: 'Astro Starlight 0.37', pages: 35, jsGzip: 5 * 1024 },
];
export const COMPETITOR_OUTPUT = [
  { tool: 'VitePress 1.6', pages: 1000, htmlPerPage: 686 * 1024, total: 699 * MiB },
  { tool: 'Astro Starlight 0.37', pages: 1000, htmlPerPage: 326 * 1024, total: 344 * MiB },
];
