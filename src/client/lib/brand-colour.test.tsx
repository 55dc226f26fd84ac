import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { BRAND_STORAGE_KEY, BRAND_STYLE_ID } from '../../shared/theme-init.js';
import { publicConfig } from '../test/public-config';
import { makeUser, mockApi, renderApp, sessionRoute } from '../test/utils';
import { applyBrandColour, brandPalette, brandStyleSheet, contrast, parseHex } from './brand-colour';

// The extreme surfaces of index.css as sRGB: the darkest light one (--accent) and the lightest dark one.
const LIGHT_ACCENT = parseHex('#eaeff9');
const DARK_ACCENT = parseHex('#1f2635');

afterEach(() => {
  document.getElementById(BRAND_STYLE_ID)?.remove();
});

describe('brand palette', () => {
  it.each([
    '#0f766e',
    '#ffd700',
    '#ffffff',
    '#000000',
    '#777777',
    '#ff0000',
    '#00ff00',
    '#1e3a8a',
    '#f472b6',
  ])('keeps %s readable as text and behind text, in light and dark', (hex) => {
    const palette = brandPalette(hex);
    if (!palette || !LIGHT_ACCENT || !DARK_ACCENT) throw new Error('no palette');
    for (const [mode, surface] of [
      ['light', LIGHT_ACCENT],
      ['dark', DARK_ACCENT],
    ] as const) {
      const primary = parseHex(palette[mode].primary);
      const foreground = parseHex(palette[mode].foreground);
      if (!primary || !foreground) throw new Error('bad hex');
      expect(contrast(primary, surface), `${mode} primary on its surface`).toBeGreaterThanOrEqual(4.5);
      expect(contrast(primary, foreground), `${mode} text on primary`).toBeGreaterThanOrEqual(4.5);
    }
  });

  it('leaves a colour that already reads well as it is in the light theme', () => {
    expect(brandPalette('#0f766e')?.light).toEqual({ primary: '#0f766e', foreground: '#ffffff' });
  });

  it('lightens a dark colour for the dark theme and puts black text on it', () => {
    const dark = brandPalette('#1e3a8a')?.dark;
    expect(dark?.foreground).toBe('#000000');
    expect(dark?.primary).not.toBe('#1e3a8a');
  });

  it('keeps the designed palette for the default colour and ignores a value that is not a colour', () => {
    expect(brandStyleSheet('#4f46e5')).toBeNull();
    expect(brandStyleSheet('#4F46E5')).toBeNull();
    expect(brandStyleSheet('teal')).toBeNull();
    expect(brandStyleSheet(undefined)).toBeNull();
    expect(brandStyleSheet('#0f766e')).toMatch(/^:root:root\{--primary:#0f766e;.*\}:root\.dark\{--primary:#/);
  });

  it('puts the override in the page and keeps it for the next start, and takes both away for the default', () => {
    applyBrandColour('#0f766e');
    const style = document.getElementById(BRAND_STYLE_ID);
    expect(style?.textContent).toBe(brandStyleSheet('#0f766e'));
    expect(localStorage.getItem(BRAND_STORAGE_KEY)).toBe(brandStyleSheet('#0f766e'));

    applyBrandColour('#4f46e5');
    expect(document.getElementById(BRAND_STYLE_ID)).toBeNull();
    expect(localStorage.getItem(BRAND_STORAGE_KEY)).toBeNull();
  });
});

describe('the shells', () => {
  it('show the company name and apply the brand colour from the public configuration', async () => {
    mockApi({
      'GET /api/auth/session': sessionRoute(makeUser()),
      'GET /api/orders': { body: [] },
      'GET /api/config': publicConfig({ companyName: 'Acme Homes', brandColor: '#0f766e' }),
    });
    renderApp('/');
    const sidebar = (await screen.findAllByRole('complementary'))[0];
    if (!sidebar) throw new Error('no sidebar');
    expect(await within(sidebar).findByText('Acme Homes')).toBeInTheDocument();
    await waitFor(() =>
      expect(document.getElementById(BRAND_STYLE_ID)?.textContent).toContain('--primary:#0f766e'),
    );
  });
});
