import { localStorageColorSchemeManager, useComputedColorScheme, useMantineColorScheme } from '@mantine/core';
import { useCallback, useEffect } from 'react';

export const COLOR_SCHEME_KEY = 'rr-color-scheme';
export type Scheme = 'light' | 'dark';

/** Mantine keeps the choice in localStorage under our key; the body class follows it. */
export const colorSchemeManager = localStorageColorSchemeManager({ key: COLOR_SCHEME_KEY });

export function readStoredScheme(): Scheme {
  try {
    return localStorage.getItem(COLOR_SCHEME_KEY) === 'dark' ? 'dark' : 'light';
  } catch {
    return 'light';
  }
}

/** Spec §2: the dark/light switch toggles a `dark` class on the page body. */
export function applyBodyClass(scheme: Scheme): void {
  document.body.classList.toggle('dark', scheme === 'dark');
}

/** The current scheme and a toggle; keeps the body class in sync with Mantine's scheme. */
export function useColorSchemeToggle(): { scheme: Scheme; toggle: () => void } {
  const { setColorScheme } = useMantineColorScheme();
  const scheme = useComputedColorScheme('light', { getInitialValueInEffect: false });
  useEffect(() => applyBodyClass(scheme), [scheme]);
  const toggle = useCallback(
    () => setColorScheme(scheme === 'dark' ? 'light' : 'dark'),
    [scheme, setColorScheme],
  );
  return { scheme, toggle };
}
