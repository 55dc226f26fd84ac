import { act, fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { THEME_STORAGE_KEY } from '../../shared/constants.js';
import { DarkModeSwitch } from '../features/shell/dark-mode-switch';
import { ThemeProvider } from './theme';

function renderSwitch() {
  return render(
    <ThemeProvider>
      <DarkModeSwitch />
    </ThemeProvider>,
  );
}

describe('theme', () => {
  it('starts light when nothing is stored', () => {
    renderSwitch();
    expect(screen.getByRole('switch', { name: 'Dark Mode' })).not.toBeChecked();
  });

  it('keeps the choice in local storage and on <html>, with a 300 ms transition', () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    renderSwitch();
    const toggle = screen.getByRole('switch', { name: 'Dark Mode' });

    fireEvent.click(toggle);

    expect(toggle).toBeChecked();
    expect(localStorage.getItem(THEME_STORAGE_KEY)).toBe('dark');
    expect(document.documentElement).toHaveClass('dark', 'theme-transition');
    act(() => vi.advanceTimersByTime(299));
    expect(document.documentElement).toHaveClass('theme-transition');
    act(() => vi.advanceTimersByTime(1));
    expect(document.documentElement).not.toHaveClass('theme-transition');

    fireEvent.click(toggle);

    expect(localStorage.getItem(THEME_STORAGE_KEY)).toBe('light');
    expect(document.documentElement).not.toHaveClass('dark');
  });

  it('follows the device until the person chooses, and goes back to it with "Use device setting"', () => {
    let dark = true;
    const listeners = new Set<() => void>();
    const device = vi.spyOn(window, 'matchMedia').mockImplementation(
      (query) =>
        ({
          media: query,
          get matches() {
            return dark;
          },
          addEventListener: (_: string, listener: () => void) => listeners.add(listener),
          removeEventListener: (_: string, listener: () => void) => listeners.delete(listener),
        }) as unknown as MediaQueryList,
    );
    try {
      renderSwitch();
      const toggle = screen.getByRole('switch', { name: 'Dark Mode' });
      expect(toggle).toBeChecked();
      expect(toggle).toHaveAccessibleDescription("Following your device's setting.");
      expect(document.documentElement).toHaveClass('dark');
      expect(localStorage.getItem(THEME_STORAGE_KEY)).toBeNull();

      // The device changes while the page is open: the page follows.
      dark = false;
      act(() => {
        for (const listener of listeners) listener();
      });
      expect(toggle).not.toBeChecked();
      expect(document.documentElement).not.toHaveClass('dark');

      // A choice is kept, and the device no longer decides.
      fireEvent.click(toggle);
      expect(localStorage.getItem(THEME_STORAGE_KEY)).toBe('dark');
      expect(toggle).toHaveAccessibleDescription('Your choice. Use device setting');
      dark = false;
      act(() => {
        for (const listener of listeners) listener();
      });
      expect(document.documentElement).toHaveClass('dark');

      // Back to the device's setting: nothing stored, light as the device says.
      fireEvent.click(screen.getByRole('button', { name: 'Use device setting' }));
      expect(localStorage.getItem(THEME_STORAGE_KEY)).toBeNull();
      expect(toggle).not.toBeChecked();
      expect(document.documentElement).not.toHaveClass('dark');
      expect(toggle).toHaveAccessibleDescription("Following your device's setting.");
    } finally {
      device.mockRestore();
    }
  });

  it('restores a stored dark choice on the next visit', () => {
    localStorage.setItem(THEME_STORAGE_KEY, 'dark');
    renderSwitch();
    expect(screen.getByRole('switch', { name: 'Dark Mode' })).toBeChecked();
  });
});
