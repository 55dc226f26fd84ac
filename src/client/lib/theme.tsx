import { createContext, type ReactNode, useCallback, useContext, useMemo, useState } from 'react';
import { THEME_STORAGE_KEY, THEME_TRANSITION_MS } from '../../shared/constants.js';

export type Theme = 'light' | 'dark';

interface ThemeContextValue {
  theme: Theme;
  setTheme: (theme: Theme) => void;
}

const ThemeContext = createContext<ThemeContextValue | null>(null);

export function readStoredTheme(): Theme {
  try {
    return localStorage.getItem(THEME_STORAGE_KEY) === 'dark' ? 'dark' : 'light';
  } catch {
    return 'light';
  }
}

let transitionTimer: ReturnType<typeof setTimeout> | undefined;

function applyTheme(theme: Theme): void {
  const root = document.documentElement;
  // The transition class is only present around a switch, so ordinary hovers and opening panels keep
  // their own timing.
  root.classList.add('theme-transition');
  root.classList.toggle('dark', theme === 'dark');
  clearTimeout(transitionTimer);
  transitionTimer = setTimeout(() => root.classList.remove('theme-transition'), THEME_TRANSITION_MS);
}

export function ThemeProvider({ children }: { children: ReactNode }) {
  // The page's first script (src/shared/theme-init.ts) has already put the class on <html>; this only mirrors it in state.
  const [theme, setThemeState] = useState<Theme>(readStoredTheme);

  const setTheme = useCallback((next: Theme) => {
    setThemeState(next);
    applyTheme(next);
    try {
      localStorage.setItem(THEME_STORAGE_KEY, next);
    } catch {
      // Blocked storage: the choice lasts for this page only.
    }
  }, []);

  const value = useMemo(() => ({ theme, setTheme }), [theme, setTheme]);
  return <ThemeContext.Provider value={value}>{children}</ThemeContext.Provider>;
}

export function useTheme(): ThemeContextValue {
  const context = useContext(ThemeContext);
  if (!context) throw new Error('useTheme must be used inside ThemeProvider');
  return context;
}
