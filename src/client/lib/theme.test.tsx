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

  it('restores a stored dark choice on the next visit', () => {
    localStorage.setItem(THEME_STORAGE_KEY, 'dark');
    renderSwitch();
    expect(screen.getByRole('switch', { name: 'Dark Mode' })).toBeChecked();
  });
});
