/**
 * Globs as Docusaurus's docs `include`/`exclude` options take them (globby): `*` and `?` within
 * one path segment, `**` across segments (`**\/` also matching none), `{a,b}` alternatives.
 * Matched against '/'-separated paths relative to the docs folder.
 */
export function globMatcher(globs: string[]): (relativePath: string) => boolean {
  const res = globs.map((g) => new RegExp(`^${globSource(g)}$`));
  return (p) => res.some((re) => re.test(p));
}

function globSource(glob: string): string {
  let out = '';
  for (let i = 0; i < glob.length; i++) {
    const c = glob[i];
    if (c === '*' && glob[i + 1] === '*') {
      const folders = glob[i + 2] === '/';
      out += folders ? '(?:[^/]*/)*' : '.*';
      i += folders ? 2 : 1;
    } else if (c === '*') out += '[^/]*';
    else if (c === '?') out += '[^/]';
    else if (c === '{' && glob.indexOf('}', i) > i) {
      const end = glob.indexOf('}', i);
      out += `(?:${glob.slice(i + 1, end).split(',').map(globSource).join('|')})`;
      i = end;
    } else out += c.replace(/[.+^${}()|[\]\\]/g, '\\$&');
  }
  return out;
}
