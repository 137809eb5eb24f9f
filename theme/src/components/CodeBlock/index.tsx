import { useEffect, useRef, useState, type HTMLAttributes } from 'react';
import { translate } from '../../i18n/translate';
import { CheckIcon, CopyIcon } from '../Icons';

/**
 * `pre` of MDX content: the engine's highlighted block plus a copy button. The block is
 * focusable so keyboard users can scroll long lines.
 */
export function CodeBlock(props: HTMLAttributes<HTMLPreElement>) {
  const preRef = useRef<HTMLPreElement>(null);
  const [copied, setCopied] = useState(false);
  useEffect(() => {
    if (!copied) return;
    const timer = window.setTimeout(() => setCopied(false), 2000);
    return () => window.clearTimeout(timer);
  }, [copied]);

  const copy = async () => {
    const text = preRef.current?.querySelector('code')?.textContent ?? preRef.current?.textContent ?? '';
    try {
      await navigator.clipboard.writeText(text);
    } catch {
      copyWithSelection(text);
    }
    setCopied(true);
  };

  return (
    <div className="dg-code">
      <pre ref={preRef} tabIndex={0} {...props} />
      <button type="button" className="dg-code__copy" onClick={copy}
        aria-label={translate(copied ? 'codeBlock.copied' : 'codeBlock.copy')} title={translate('codeBlock.copy')}>
        {copied ? <CheckIcon /> : <CopyIcon />}
      </button>
    </div>
  );
}

/** Clipboard API missing (plain http, old browser): the textarea + execCommand fallback. */
function copyWithSelection(text: string): void {
  const area = document.createElement('textarea');
  area.value = text;
  area.setAttribute('readonly', '');
  area.style.position = 'fixed';
  area.style.opacity = '0';
  document.body.appendChild(area);
  area.select();
  try {
    document.execCommand('copy');
  } finally {
    area.remove();
  }
}

