import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { brandStyleSheet, brandVariables } from '../../lib/brand-colour';
import { BrandPreview } from './brand-preview';

const panel = (name: 'light' | 'dark') =>
  screen
    .getByRole('region', { name: 'Brand colour preview' })
    .querySelector<HTMLElement>(`[data-preview-theme="${name}"]`);

describe('BrandPreview', () => {
  it('draws a colour with the variables the portal sets, adjusted for readable text in each theme', () => {
    // A light yellow: too pale for text on white, so the portal darkens it in light and keeps it in dark.
    render(<BrandPreview hex="#ffd54f" />);
    const variables = brandVariables('#ffd54f');
    expect(variables).not.toBeNull();
    for (const theme of ['light', 'dark'] as const) {
      const element = panel(theme);
      for (const [name, value] of Object.entries(variables?.[theme] ?? {})) {
        expect(element?.style.getPropertyValue(name), `${theme} ${name}`).toBe(value);
        // The very values the page's own override writes.
        expect(brandStyleSheet('#ffd54f')).toContain(`${name}:${value}`);
      }
    }
    expect(variables?.light['--primary']).not.toBe('#ffd54f');
    expect(panel('light')).toHaveClass('theme-light');
    expect(panel('dark')).toHaveClass('dark');
  });

  it('leaves the default colour to the theme’s own palette, as the portal does', () => {
    render(<BrandPreview hex="#4f46e5" />);
    expect(panel('light')?.style.getPropertyValue('--primary')).toBe('');
    expect(panel('dark')?.style.getPropertyValue('--primary')).toBe('');
  });

  it('asks for a valid colour instead of drawing a wrong one', () => {
    render(<BrandPreview hex="#12" />);
    expect(screen.queryByRole('region', { name: 'Brand colour preview' })).toBeNull();
    expect(screen.getByText(/Enter a colour such as #4f46e5/)).toBeInTheDocument();
  });
});
