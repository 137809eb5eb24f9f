import type { ComponentType, ReactNode } from 'react';
import { translate } from '../../i18n/translate';
import { DangerIcon, InfoIcon, NoteIcon, TipIcon, WarningIcon } from '../Icons';

export type AdmonitionType = 'note' | 'tip' | 'info' | 'warning' | 'danger';

const icons: Record<AdmonitionType, ComponentType> = {
  note: NoteIcon,
  tip: TipIcon,
  info: InfoIcon,
  warning: WarningIcon,
  danger: DangerIcon,
};

interface AdmonitionProps {
  type?: string;
  /** From `:::note[Title]`; the type's pt-BR name otherwise. */
  title?: ReactNode;
  children?: ReactNode;
}

/** What the engine compiles `:::note`, `:::tip`, `:::info`, `:::warning` and `:::danger` into. */
export function Admonition({ type = 'note', title, children }: AdmonitionProps) {
  const kind: AdmonitionType = type in icons ? (type as AdmonitionType) : 'note';
  const Icon = icons[kind];
  const heading = title ?? translate(`admonition.${kind}`);
  return (
    <div className={`dg-admonition dg-admonition--${kind}`} role="note">
      <div className="dg-admonition__heading">
        <span className="dg-admonition__icon"><Icon /></span>
        {heading}
      </div>
      <div className="dg-admonition__content">{children}</div>
    </div>
  );
}

/** `@theme/Admonition`, as Docusaurus sites import it. */
export default Admonition;
