import type { ReactNode } from 'react';

/** `text` with the given [start, end) ranges wrapped in <mark>. */
export function Highlighted({ text, ranges }: { text: string; ranges: [number, number][] }) {
  const parts: ReactNode[] = [];
  let at = 0;
  for (const [start, end] of ranges) {
    if (start < at) continue; // overlapping ranges never come from the runtime; be safe
    if (start > at) parts.push(text.slice(at, start));
    parts.push(<mark key={start} className="dg-search__mark">{text.slice(start, end)}</mark>);
    at = end;
  }
  if (at < text.length) parts.push(text.slice(at));
  return <>{parts}</>;
}
