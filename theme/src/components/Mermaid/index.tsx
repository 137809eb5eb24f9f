import { useEffect, useId, useRef, useState } from 'react';
import { useColorMode } from '../../hooks/useColorMode';
import './mermaid.css';

/**
 * A ```mermaid diagram (`markdown.mermaid`). Mermaid needs a browser DOM to lay diagrams out,
 * so the server renders the diagram's source (readable without JavaScript) and the browser
 * replaces it with the SVG, loading mermaid on demand: only pages with a diagram import this
 * component, and mermaid itself is a lazy chunk of its own. Re-drawn when the colour mode
 * changes.
 */
export default function Mermaid({ value }: { value: string }) {
  const { mode } = useColorMode();
  const id = `dg-mermaid-${useId().replace(/[^\w-]/g, '')}`;
  const [svg, setSvg] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const box = useRef<HTMLDivElement>(null);

  useEffect(() => {
    let cancelled = false;
    void (async () => {
      try {
        const { default: mermaid } = await import('mermaid');
        mermaid.initialize({ startOnLoad: false, theme: mode === 'dark' ? 'dark' : 'default', securityLevel: 'strict' });
        const result = await mermaid.render(id, value);
        if (!cancelled) {
          setSvg(result.svg);
          setError(null);
        }
      } catch (e) {
        if (!cancelled) setError(e instanceof Error ? e.message : String(e));
      }
    })();
    return () => {
      cancelled = true;
    };
  }, [value, mode, id]);

  if (svg !== null) return <div ref={box} className="dg-mermaid" dangerouslySetInnerHTML={{ __html: svg }} />;
  return (
    <div ref={box} className="dg-mermaid dg-mermaid--source">
      <pre>{value}</pre>
      {error !== null && <p className="dg-mermaid__error" role="alert">Mermaid: {error}</p>}
    </div>
  );
}

export { Mermaid };
