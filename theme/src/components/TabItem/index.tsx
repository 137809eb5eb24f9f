import type { ReactNode } from 'react';

export interface TabItemProps {
  value: string;
  label?: ReactNode;
  default?: boolean;
  attributes?: Record<string, unknown>;
  className?: string;
  children?: ReactNode;
}

/**
 * Docusaurus's `@theme/TabItem`. Tabs reads its props and renders the panel itself (it knows
 * the ids that tie panel and tab together); alone, it renders its content.
 */
export default function TabItem({ children, className }: TabItemProps) {
  return <div role="tabpanel" className={className}>{children}</div>;
}

export { TabItem };
