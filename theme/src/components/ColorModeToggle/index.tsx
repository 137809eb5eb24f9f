import { useColorMode, type ColorModeChoice } from '../../hooks/useColorMode';
import { useSite } from '../../hooks/useSite';
import { translate } from '../../i18n/translate';
import { MoonIcon, SunIcon, SystemIcon } from '../Icons';

const modeLabel: Record<ColorModeChoice, 'colorMode.light' | 'colorMode.dark' | 'colorMode.system'> = {
  light: 'colorMode.light',
  dark: 'colorMode.dark',
  system: 'colorMode.system',
};

/**
 * Cycles the colour mode. All three icons are in the HTML and CSS shows the one for
 * html[data-theme-choice] (set by the no-flash script), so the icon is right before React mounts.
 */
export function ColorModeToggle({ className = '' }: { className?: string }) {
  const { choice, mode, cycle } = useColorMode();
  const { colorMode } = useSite();
  const current = choice ?? mode;
  const labelKey = colorMode.respectPrefersColorScheme ? 'colorMode.toggleWithSystem' : 'colorMode.toggle';
  return (
    <button type="button" className={`dg-color-toggle ${className}`.trim()} onClick={cycle}
      aria-label={translate(labelKey, { mode: translate(modeLabel[current]) })}
      title={translate(modeLabel[current])}>
      <span className="dg-color-toggle__icon dg-color-toggle__icon--light"><SunIcon /></span>
      <span className="dg-color-toggle__icon dg-color-toggle__icon--dark"><MoonIcon /></span>
      <span className="dg-color-toggle__icon dg-color-toggle__icon--system"><SystemIcon /></span>
    </button>
  );
}
