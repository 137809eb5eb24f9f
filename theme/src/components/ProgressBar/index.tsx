import { useEffect, useState } from 'react';
import { translate } from '../../i18n/translate';

/**
 * The thin bar at the top while a route loads. The runtime only turns `active` on once a
 * navigation has taken longer than 200 ms (SPEC 9), so fast navigations show nothing.
 */
export function ProgressBar({ active }: { active: boolean }) {
  const [phase, setPhase] = useState<'idle' | 'loading' | 'done'>('idle');
  useEffect(() => {
    if (active) {
      setPhase('loading');
      return;
    }
    if (phase !== 'loading') return;
    setPhase('done');
    const timer = window.setTimeout(() => setPhase('idle'), 400);
    return () => window.clearTimeout(timer);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- only reacts to `active`
  }, [active]);

  if (phase === 'idle') return null;
  return (
    <div className={`dg-progress dg-progress--${phase}`} role="progressbar" aria-label={translate('progress.label')}
      aria-busy={phase === 'loading'}>
      <div className="dg-progress__bar" />
    </div>
  );
}
