import { useCallback, useContext, useEffect, useMemo, useState, type ReactNode } from 'react';
import type { ColorMode, SiteData } from '../types';
import { sharedContext } from './sharedContext';
import { readStorage, storageKeys, writeStorage } from './storage';

/** What the user picked: a fixed mode, or follow the operating system. */
export type ColorModeChoice = ColorMode | 'system';

interface ColorModeValue {
  /** Null until mounted: the server cannot know the stored choice. */
  choice: ColorModeChoice | null;
  /** The mode applied to the page. */
  mode: ColorMode;
  /** The next choice in the cycle (system → light → dark → system, or light ↔ dark). */
  cycle(): void;
  setChoice(choice: ColorModeChoice): void;
}

const ColorModeContext = sharedContext<ColorModeValue | null>('colorMode', null);
const DARK_QUERY = '(prefers-color-scheme: dark)';

function systemMode(): ColorMode {
  return window.matchMedia?.(DARK_QUERY).matches ? 'dark' : 'light';
}

function initialChoice(colorMode: SiteData['colorMode']): ColorModeChoice {
  const stored = readStorage(storageKeys.colorMode);
  if (stored === 'light' || stored === 'dark') return stored;
  return colorMode.respectPrefersColorScheme ? 'system' : colorMode.defaultMode;
}

export function nextChoice(choice: ColorModeChoice, respectSystem: boolean): ColorModeChoice {
  if (!respectSystem) return choice === 'dark' ? 'light' : 'dark';
  return choice === 'system' ? 'light' : choice === 'light' ? 'dark' : 'system';
}

function apply(choice: ColorModeChoice): ColorMode {
  const mode = choice === 'system' ? systemMode() : choice;
  document.documentElement.setAttribute('data-theme', mode);
  document.documentElement.setAttribute('data-theme-choice', choice);
  return mode;
}

export function ColorModeProvider({ site, children }: { site: SiteData; children: ReactNode }) {
  const { colorMode } = site;
  const [choice, setChoiceState] = useState<ColorModeChoice | null>(null);
  const [mode, setMode] = useState<ColorMode>(colorMode.defaultMode);

  // The no-flash script already set data-theme; read the same choice once mounted.
  useEffect(() => {
    const first = initialChoice(colorMode);
    setChoiceState(first);
    setMode(apply(first));
  }, [colorMode]);

  // Following the system: repaint when the OS switches between light and dark.
  useEffect(() => {
    if (choice !== 'system') return;
    const list = window.matchMedia(DARK_QUERY);
    const update = () => setMode(apply('system'));
    list.addEventListener('change', update);
    return () => list.removeEventListener('change', update);
  }, [choice]);

  // Another tab changed the choice: follow it.
  useEffect(() => {
    const onStorage = (event: StorageEvent) => {
      if (event.key !== storageKeys.colorMode) return;
      const next = initialChoice(colorMode);
      setChoiceState(next);
      setMode(apply(next));
    };
    window.addEventListener('storage', onStorage);
    return () => window.removeEventListener('storage', onStorage);
  }, [colorMode]);

  const setChoice = useCallback((next: ColorModeChoice) => {
    writeStorage(storageKeys.colorMode, next === 'system' ? null : next);
    setChoiceState(next);
    setMode(apply(next));
  }, []);

  const value = useMemo<ColorModeValue>(() => ({
    choice,
    mode,
    setChoice,
    cycle: () => setChoice(nextChoice(choice ?? initialChoice(colorMode), colorMode.respectPrefersColorScheme)),
  }), [choice, mode, setChoice, colorMode]);

  return <ColorModeContext.Provider value={value}>{children}</ColorModeContext.Provider>;
}

export function useColorMode(): ColorModeValue {
  const value = useContext(ColorModeContext);
  if (!value) throw new Error('useColorMode() must be used inside <ColorModeProvider>');
  return value;
}
