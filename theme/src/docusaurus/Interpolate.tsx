import { isValidElement, type ReactNode } from 'react';
import Translate, { translate } from './Translate';

/** `@docusaurus/Interpolate`: `{name}` placeholders of its text filled with `values` (text or elements). */
export default function Interpolate({ children, values }: { children: string; values?: Record<string, ReactNode> }) {
  return <Translate values={values}>{children}</Translate>;
}

/** `interpolate(text, values)`: a string when every value is text, else an element. */
export function interpolate(text: string, values?: Record<string, ReactNode>): ReactNode {
  if (!values || !Object.values(values).some((v) => isValidElement(v))) return translate({ message: text }, values as Record<string, string | number> | undefined);
  return <Translate values={values}>{text}</Translate>;
}
