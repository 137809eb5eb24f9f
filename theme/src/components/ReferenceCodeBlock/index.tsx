import { useEffect, useState } from 'react';
import { translate } from '../../i18n/translate';
import { StringCodeBlock } from '../CodeBlock/StringCodeBlock';
import './reference.css';

/** The file a GitHub URL names (`…/blob/<ref>/<path>#L10-L20`): its raw URL, path and lines (0-based, inclusive). */
export function parseReference(url: string): { raw: string; path: string; from: number; to: number } {
  const [address, hash] = url.split('#');
  const [owner, repo, , ref, ...segments] = new URL(address).pathname.split('/').slice(1);
  const [from, to] = hash ? hash.split('-').map((l) => parseInt(l.slice(1), 10) - 1) : [0, Infinity];
  const path = segments.join('/');
  return { raw: `https://raw.githubusercontent.com/${owner}/${repo}/${ref}/${path}`, path, from, to: Number.isNaN(to) || to === undefined ? from : to };
}

/** Lines from..to of a file, with the indentation they share removed. */
export function referencedLines(text: string, from: number, to: number): string {
  const lines = text.split('\n').slice(from, to + 1);
  const indent = Math.min(...lines.filter((l) => l.trim() !== '').map((l) => /^\s*/.exec(l)![0].length));
  return lines.map((l) => l.slice(Number.isFinite(indent) ? indent : 0)).join('\n');
}

/**
 * A fence with `reference` in its meta (docusaurus-theme-github-codeblock): the lines of a file
 * on GitHub, fetched by the browser as that theme does ("loading..." until then, the error if
 * it fails), titled with the file's path unless the fence has a title, and a link to the file.
 */
export default function ReferenceCodeBlock({ url, language, title }: { url: string; language?: string; title?: string }) {
  const [code, setCode] = useState('loading...');
  let ref: ReturnType<typeof parseReference> | null = null;
  try {
    ref = parseReference(url);
  } catch {
    ref = null; // not a URL: shown as written, with its link
  }
  useEffect(() => {
    if (!ref) return;
    let cancelled = false;
    fetch(ref.raw)
      .then(async (res) => (res.ok ? referencedLines(await res.text(), ref.from, ref.to) : `${res.status} ${res.statusText}: ${ref.raw}`))
      .catch((error: unknown) => `${error instanceof Error ? error.message : String(error)}: ${ref.raw}`)
      .then((text) => !cancelled && setCode(text));
    return () => {
      cancelled = true;
    };
  }, [url]); // eslint-disable-line react-hooks/exhaustive-deps -- ref is derived from url
  return (
    <div className="dg-reference-code">
      <StringCodeBlock language={language} title={title ?? ref?.path ?? url}>{ref ? code : url}</StringCodeBlock>
      <div className="dg-reference-code__link">
        <a href={url} target="_blank" rel="noopener noreferrer">{translate('codeBlock.referenceLink')}</a>
      </div>
    </div>
  );
}
