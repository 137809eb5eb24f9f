import { Children, type HTMLAttributes } from 'react';
import { CodeBlock } from './index';
import { StringCodeBlock, type CodeBlockProps } from './StringCodeBlock';

/**
 * `@theme/CodeBlock`, as Docusaurus sites import it: code given as a string (see
 * StringCodeBlock), or the `pre` of MDX content.
 */
export default function DocusaurusCodeBlock(props: CodeBlockProps & HTMLAttributes<HTMLPreElement>) {
  const { children } = props;
  const isText = Children.toArray(children).every((c) => typeof c === 'string' || typeof c === 'number');
  if (isText) return <StringCodeBlock {...props} />;
  return <CodeBlock {...props} />;
}
