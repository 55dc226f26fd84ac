import { createContext, type ReactNode, useCallback, useContext, useEffect, useMemo, useState } from 'react';
import { THEME_STORAGE_KEY, THEME_TRANSITION_MS } from '../../shared/constants.js';
import { useInBrowser } from './in-browser';

/** The theme a page is drawn in. */
export type Theme = 'light' | 'dark';
/** What the person chose: a theme, or to follow the device's colour scheme (nothing stored). */
export type ThemeChoice = Theme | 'system';

interface ThemeContextValue {
  /** The theme in force: the choice, or the device's when following it. */
  theme: Theme;
  choice: ThemeChoice;
  setTheme: (choice: ThemeChoice) => void;
}

const ThemeContext = createContext<ThemeContextValue | null>(null);
const DARK_QUERY = '(prefers-color-scheme: dark)';

/** The stored choice; nothing stored (or storage blocked) follows the device (decision 297). */
export function readStoredTheme(): ThemeChoice {
  try {
    const stored = localStorage.getItem(THEME_STORAGE_KEY);
    return stored === 'dark' || stored === 'light' ? stored : 'system';
  } catch {
    return 'system';
  }
}

function deviceTheme(): Theme {
  return typeof window !== 'undefined' &&
    typeof window.matchMedia === 'function' &&
    window.matchMedia(DARK_QUERY).matches
    ? 'dark'
    : 'light';
}

let transitionTimer: ReturnType<typeof setTimeout> | undefined;

function applyTheme(theme: Theme): void {
  const root = document.documentElement;
  if (root.classList.contains('dark') === (theme === 'dark')) return;
  // The transition class is only present around a switch, so ordinary hovers and opening panels keep
  // their own timing.
  root.classList.add('theme-transition');
  root.classList.toggle('dark', theme === 'dark');
  clearTimeout(transitionTimer);
  transitionTimer = setTimeout(() => root.classList.remove('theme-transition'), THEME_TRANSITION_MS);
}

export function ThemeProvider({ children }: { children: ReactNode }) {
  // The page's first script (src/shared/theme-init.ts) has already put the class on <html>; this only
  // mirrors it in state, and follows the device while nothing is chosen.
  const [choice, setChoice] = useState<ThemeChoice>(readStoredTheme);
  const [device, setDevice] = useState<Theme>(deviceTheme);

  useEffect(() => {
    if (choice !== 'system' || typeof window.matchMedia !== 'function') return;
    const list = window.matchMedia(DARK_QUERY);
    const follow = () => {
      const next: Theme = list.matches ? 'dark' : 'light';
      setDevice(next);
      applyTheme(next);
    };
    follow();
    list.addEventListener('change', follow);
    return () => list.removeEventListener('change', follow);
  }, [choice]);

  const setTheme = useCallback((next: ThemeChoice) => {
    setChoice(next);
    applyTheme(next === 'system' ? deviceTheme() : next);
    try {
      if (next === 'system') localStorage.removeItem(THEME_STORAGE_KEY);
      else localStorage.setItem(THEME_STORAGE_KEY, next);
    } catch {
      // Blocked storage: the choice lasts for this page only.
    }
  }, []);

  // A drawn first screen shows the switch as following a light device, which is all the server can
  // know; the page's first script has already applied the real theme, and the switch follows at once.
  const inBrowser = useInBrowser();
  const shownChoice = inBrowser ? choice : 'system';
  const theme = shownChoice === 'system' ? (inBrowser ? device : 'light') : shownChoice;
  const value = useMemo(() => ({ theme, choice: shownChoice, setTheme }), [theme, shownChoice, setTheme]);
  return <ThemeContext.Provider value={value}>{children}</ThemeContext.Provider>;
}

export function useTheme(): ThemeContextValue {
  const context = useContext(ThemeContext);
  if (!context) throw new Error('useTheme must be used inside ThemeProvider');
  return context;
}
