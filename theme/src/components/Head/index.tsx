import { Children, cloneElement, isValidElement, useEffect, type ReactElement, type ReactNode } from 'react';

/** Marks what the server moved from a page's `<head>` into the document head. */
export const HEAD_ATTRIBUTE = 'data-docgen-head';

type HeadElement = ReactElement<Record<string, unknown>, string>;

/**
 * What `<head>…</head>` in MDX becomes (the engine renames it to this component). The server
 * renders its children inside `<template data-docgen-head>`, which the engine moves into the
 * HTML head; in the browser it renders nothing (so hydration matches the moved-out body) and,
 * after a client-side navigation, applies the title and adds the other elements itself.
 */
export function Head({ children }: { children?: ReactNode }) {
  const elements = Children.toArray(children).filter((c): c is HeadElement => isValidElement(c) && typeof c.type === 'string');
  useEffect(() => {
    // The server's copies (first load) give way to this page's own.
    document.head.querySelectorAll(`[${HEAD_ATTRIBUTE}]`).forEach((e) => e.remove());
    const added = elements.flatMap((el) => applyToHead(el));
    return () => added.forEach((e) => e.remove());
    // Content remounts with each route: the elements of one mount never change.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  if (typeof document !== 'undefined') return null;
  return <template {...{ [HEAD_ATTRIBUTE]: '' }}>{elements.map((el, i) => cloneElement(el, { key: i, [HEAD_ATTRIBUTE]: '' }))}</template>;
}

function applyToHead(el: HeadElement): Element[] {
  const { children, ...props } = el.props;
  const text = Children.toArray(children as ReactNode).join('');
  if (el.type === 'title') {
    document.title = text;
    return [];
  }
  const node = document.createElement(el.type);
  for (const [name, value] of Object.entries(props)) {
    if (typeof value === 'string' || typeof value === 'number') node.setAttribute(name === 'className' ? 'class' : name, String(value));
    else if (value === true) node.setAttribute(name, '');
  }
  if (text) node.textContent = text;
  node.setAttribute('data-docgen-head-client', '');
  document.head.append(node);
  return [node];
}
