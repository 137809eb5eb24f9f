/**
 * Heading ids the way the engine makes them (github-slugger), approximated in a few bytes
 * so the browser runtime need not ship the slugger's 20 KB character table. The index
 * stores an anchor only when this function does not reproduce it (custom `{#id}`s, rare
 * characters), so an imperfect approximation costs bytes, never a wrong link.
 */
export function headingSlugger(): (heading: string) => string {
  const occurrences = new Map<string, number>();
  return (heading) => {
    const base = heading.toLowerCase().replace(/[^\p{L}\p{M}\p{N}\p{Pc} -]/gu, '').replace(/ /g, '-');
    let slug = base;
    while (occurrences.has(slug)) {
      const n = occurrences.get(base)! + 1;
      occurrences.set(base, n);
      slug = `${base}-${n}`;
    }
    occurrences.set(slug, 0);
    return slug;
  };
}
