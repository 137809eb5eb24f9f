import { Children, Fragment, isValidElement, type ReactNode } from 'react';

/**
 * `@docusaurus/Translate` and `translate`: a docgen site has one language per build and no
 * translation catalogs for site components, so the message is the default one, with
 * `{name}` placeholders filled, as Docusaurus renders an untranslated message.
 */
export interface TranslateParam {
  id?: string;
  message?: string;
  description?: string;
}

export function translate({ message, id }: TranslateParam, values?: Record<string, string | number>): string {
  const text = message ?? id ?? '';
  if (!values) return text;
  return text.replace(/\{(\w+)\}/g, (whole, name: string) => (name in values ? String(values[name]) : whole));
}

export default function Translate({ id, children, values }: { id?: string; description?: string; children?: ReactNode; values?: Record<string, ReactNode> }) {
  const message = Children.toArray(children).join('') || id || '';
  if (!values) return <>{message}</>;
  const parts = message.split(/(\{\w+\})/g).map((part, i) => {
    const name = /^\{(\w+)\}$/.exec(part)?.[1];
    const value = name !== undefined && name in values ? values[name] : part;
    return isValidElement(value) ? <Fragment key={i}>{value}</Fragment> : value;
  });
  return <>{parts}</>;
}
