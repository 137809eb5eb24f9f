import { Children, type ReactNode } from 'react';
import { parseCodeLines, parseCodeMeta } from '@docgen/core/code-lines';
import { CodeBlock } from './index';

export interface CodeBlockProps {
  children?: ReactNode;
  /** `language-x` class, as MDX passes it. */
  className?: string;
  language?: string;
  title?: ReactNode;
  /** `true` numbers from 1; a number starts there. */
  showLineNumbers?: boolean | number;
  /** The fence's meta string (`{1,3} title="x"`), as Docusaurus takes it. */
  metastring?: string;
}

/**
 * Docusaurus's `@theme/CodeBlock` for code given as a string (`<CodeBlock language="js"
 * title="x.js" showLineNumbers>{code}</CodeBlock>`): magic comments and `{1,3-4}` in
 * `metastring` mark lines, as in fenced code. The code is shown as written (fenced code is
 * syntax-highlighted at build time; a string here only exists at run time).
 */
export function StringCodeBlock({ children, className, language, title, showLineNumbers, metastring }: CodeBlockProps) {
  const text = Children.toArray(children).join('');
  const meta = parseCodeMeta(metastring);
  const lang = language ?? /language-(\S+)/.exec(className ?? '')?.[1];
  const { code, highlighted } = parseCodeLines(text.replace(/\n$/, ''), meta.range);
  const start = typeof showLineNumbers === 'number' ? showLineNumbers : showLineNumbers ? 1 : meta.lineNumbersStart;
  const lines = code.split('\n');
  const block = (
    <CodeBlock>
      <code className={[lang ? `language-${lang}` : '', start !== undefined ? 'dg-code--numbered' : ''].filter(Boolean).join(' ') || undefined}>
        {lines.map((line, i) => (
          <span key={i} className={highlighted.has(i + 1) ? 'dg-line dg-line--highlighted' : 'dg-line'} data-line={start !== undefined ? start + i : undefined}>
            {line}
            {i < lines.length - 1 ? '\n' : ''}
          </span>
        ))}
      </code>
    </CodeBlock>
  );
  const heading = title ?? meta.title;
  if (heading === undefined) return block;
  return (
    <div className="dg-codeblock">
      <div className="dg-codeblock__title">{heading}</div>
      {block}
    </div>
  );
}
