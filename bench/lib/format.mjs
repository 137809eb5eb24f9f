// Statistics and markdown formatting shared by every section of the report. The machine is
// noisy (2 cores, other work running), so rows show the median with min–max beside it; a
// single fast or slow run never decides a figure.

export function summarize(values) {
  const v = values.filter((x) => Number.isFinite(x)).sort((a, b) => a - b);
  if (!v.length) return null;
  const mid = Math.floor(v.length / 2);
  const median = v.length % 2 ? v[mid] : (v[mid - 1] + v[mid]) / 2;
  return { median, min: v[0], max: v[v.length - 1], n: v.length };
}

export const fmtMs = (ms) => (ms == null ? '–' : ms >= 1000 ? `${(ms / 1000).toFixed(2)} s` : `${Math.round(ms)} ms`);

export function fmtBytes(bytes) {
  if (bytes == null) return '–';
  if (bytes >= 1024 ** 3) return `${(bytes / 1024 ** 3).toFixed(2)} GiB`;
  if (bytes >= 1024 ** 2) return `${(bytes / 1024 ** 2).toFixed(1)} MiB`;
  if (bytes >= 1024) return `${(bytes / 1024).toFixed(1)} KiB`;
  return `${bytes} B`;
}

/** "median (min–max)" for a summary, with the given unit formatter. */
export function fmtRange(s, fmt) {
  if (!s) return '–';
  return s.n > 1 ? `${fmt(s.median)} (${fmt(s.min)}–${fmt(s.max)})` : fmt(s.median);
}

/** A markdown table from a header row and rows of cells. */
export function mdTable(header, rows) {
  const esc = (c) => String(c ?? '').replace(/\|/g, '\\|');
  return [
    `| ${header.map(esc).join(' | ')} |`,
    `| ${header.map(() => '---').join(' | ')} |`,
    ...rows.map((r) => `| ${r.map(esc).join(' | ')} |`),
  ].join('\n');
}

/** ok/over against a budget (lower is better); '–' when there is no figure or no budget. */
export const verdict = (value, budget) => (value == null || budget == null ? '–' : value <= budget ? 'ok' : 'over');
