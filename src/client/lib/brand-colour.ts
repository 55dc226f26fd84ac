/**
 * The brand colour of Settings → General applied to the UI: it replaces the theme's primary colour
 * (`--primary`, `--primary-foreground`, `--ring` in index.css), in light and dark, without ever making
 * text unreadable. The primary colour is drawn as text on the page (links, the current stage) and
 * behind text (buttons, badges), so for each theme the colour's OKLCH lightness is moved, hue and
 * chroma kept, until it reaches 4.5:1 against that theme's surfaces, and the text drawn on it is
 * white or black, whichever contrasts more (one of them always reaches 4.5:1).
 */
import { useEffect } from 'react';
import { SETTINGS_DEFAULTS } from '../../shared/schemas/settings.js';
import { BRAND_STORAGE_KEY, BRAND_STYLE_ID } from '../../shared/theme-init.js';
import { usePublicConfig } from './public-config';

type Rgb = readonly [number, number, number];
type Oklch = readonly [number, number, number];

const MIN_CONTRAST = 4.5;

/**
 * The surfaces primary text sits on, from index.css: the lightest-to-darkest light ones end with
 * --accent (the darkest light surface), the dark ones with --accent (the lightest dark surface).
 */
const LIGHT_SURFACES: readonly Oklch[] = [
  [1, 0, 0],
  [0.985, 0.003, 250],
  [0.96, 0.008, 260],
  [0.95, 0.015, 265],
];
const DARK_SURFACES: readonly Oklch[] = [
  [0.16, 0.015, 265],
  [0.2, 0.018, 265],
  [0.25, 0.018, 265],
  [0.27, 0.03, 265],
];

export function parseHex(hex: string): Rgb | null {
  const match = /^#?([0-9a-f]{6})$/i.exec(hex.trim());
  if (!match?.[1]) return null;
  const value = Number.parseInt(match[1], 16);
  return [((value >> 16) & 255) / 255, ((value >> 8) & 255) / 255, (value & 255) / 255];
}

export function toHex(rgb: Rgb): string {
  return `#${rgb
    .map((channel) =>
      Math.round(Math.min(1, Math.max(0, channel)) * 255)
        .toString(16)
        .padStart(2, '0'),
    )
    .join('')}`;
}

const toLinear = (c: number) => (c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4);
const fromLinear = (c: number) => (c <= 0.0031308 ? 12.92 * c : 1.055 * c ** (1 / 2.4) - 0.055);

/** WCAG relative luminance. */
export function luminance(rgb: Rgb): number {
  const [r, g, b] = rgb.map(toLinear) as [number, number, number];
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

export function contrast(a: Rgb, b: Rgb): number {
  const [high, low] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (high + 0.05) / (low + 0.05);
}

// OKLab from Björn Ottosson's reference (https://bottosson.github.io/posts/oklab/).
function toOklch(rgb: Rgb): Oklch {
  const [r, g, b] = rgb.map(toLinear) as [number, number, number];
  const l = Math.cbrt(0.4122214708 * r + 0.5363325363 * g + 0.0514459929 * b);
  const m = Math.cbrt(0.2119034982 * r + 0.6806995451 * g + 0.1073969566 * b);
  const s = Math.cbrt(0.0883024619 * r + 0.2817188376 * g + 0.6299787005 * b);
  const lightness = 0.2104542553 * l + 0.793617785 * m - 0.0040720468 * s;
  const a = 1.9779984951 * l - 2.428592205 * m + 0.4505937099 * s;
  const bb = 0.0259040371 * l + 0.7827717662 * m - 0.808675766 * s;
  return [lightness, Math.hypot(a, bb), Math.atan2(bb, a)];
}

/** Linear sRGB of an OKLCH colour (hue in radians), possibly outside 0..1. */
function oklchToLinear([lightness, chroma, hue]: Oklch): Rgb {
  const a = chroma * Math.cos(hue);
  const b = chroma * Math.sin(hue);
  const l = (lightness + 0.3963377774 * a + 0.2158037573 * b) ** 3;
  const m = (lightness - 0.1055613458 * a - 0.0638541728 * b) ** 3;
  const s = (lightness - 0.0894841775 * a - 1.291485548 * b) ** 3;
  return [
    4.0767416621 * l - 3.3077115913 * m + 0.2309699292 * s,
    -1.2684380046 * l + 2.6097574011 * m - 0.3413193965 * s,
    -0.0041960863 * l - 0.7034186147 * m + 1.707614701 * s,
  ];
}

/** sRGB of an OKLCH colour; outside the sRGB gamut the chroma shrinks until it fits. */
function fromOklch([lightness, chroma, hue]: Oklch): Rgb {
  let c = chroma;
  let linear = oklchToLinear([lightness, c, hue]);
  while (c > 0.0005 && linear.some((v) => v < -1e-6 || v > 1 + 1e-6)) {
    c *= 0.95;
    linear = oklchToLinear([lightness, c, hue]);
  }
  return linear.map((v) => fromLinear(Math.min(1, Math.max(0, v)))) as unknown as Rgb;
}

/** The CSS theme's OKLCH values use degrees. */
const cssSurface = ([l, c, h]: Oklch): Rgb => fromOklch([l, c, (h * Math.PI) / 180]);

/** Moves the colour's lightness (darker on light surfaces, lighter on dark ones) until text on it reads. */
function readableOn(rgb: Rgb, surfaces: readonly Oklch[], direction: -1 | 1): Rgb {
  const worst = surfaces.map(cssSurface);
  const [lightness, chroma, hue] = toOklch(rgb);
  let candidate = rgb;
  for (let l = lightness; l >= 0 && l <= 1; l += direction * 0.005) {
    candidate = fromOklch([l, chroma, hue]);
    if (worst.every((surface) => contrast(candidate, surface) >= MIN_CONTRAST)) return candidate;
  }
  return candidate;
}

const WHITE: Rgb = [1, 1, 1];
const BLACK: Rgb = [0, 0, 0];

export function foregroundFor(rgb: Rgb): Rgb {
  return contrast(rgb, WHITE) >= contrast(rgb, BLACK) ? WHITE : BLACK;
}

export interface BrandPalette {
  light: { primary: string; foreground: string };
  dark: { primary: string; foreground: string };
}

export function brandPalette(hex: string): BrandPalette | null {
  const rgb = parseHex(hex);
  if (!rgb) return null;
  const light = readableOn(rgb, LIGHT_SURFACES, -1);
  const dark = readableOn(rgb, DARK_SURFACES, 1);
  return {
    light: { primary: toHex(light), foreground: toHex(foregroundFor(light)) },
    dark: { primary: toHex(dark), foreground: toHex(foregroundFor(dark)) },
  };
}

/** The custom properties one theme's brand colour sets, in the order the style sheet writes them. */
export type BrandVariables = Record<'--primary' | '--primary-foreground' | '--ring', string>;

/**
 * The theme variables the brand colour sets in light and in dark, or null for the default brand colour
 * (and anything unreadable), which keeps the hand-tuned palette of index.css. The one source of both
 * the page's override (brandStyleSheet) and the Settings preview (decision 298).
 */
export function brandVariables(
  hex: string | undefined,
): { light: BrandVariables; dark: BrandVariables } | null {
  if (!hex || hex.toLowerCase() === SETTINGS_DEFAULTS.general.brandColor.toLowerCase()) return null;
  const palette = brandPalette(hex);
  if (!palette) return null;
  const variables = ({ primary, foreground }: BrandPalette['light']): BrandVariables => ({
    '--primary': primary,
    '--primary-foreground': foreground,
    '--ring': primary,
  });
  return { light: variables(palette.light), dark: variables(palette.dark) };
}

/**
 * The style sheet that overrides the theme's primary colour, or null for the default brand colour
 * (and anything unreadable), which keeps the hand-tuned palette of index.css.
 */
export function brandStyleSheet(hex: string | undefined): string | null {
  const variables = brandVariables(hex);
  if (!variables) return null;
  const rules = (theme: BrandVariables) =>
    Object.entries(theme)
      .map(([name, value]) => `${name}:${value}`)
      .join(';');
  // Doubled selectors outrank index.css's `:root` and `.dark` wherever the element lands in <head>
  // (the page's first script adds it before the style sheet is even parsed).
  return `:root:root{${rules(variables.light)}}:root.dark{${rules(variables.dark)}}`;
}

/** Puts the override in the page (or takes it out) and keeps it for the next start's first paint. */
export function applyBrandColour(hex: string | undefined): void {
  const css = brandStyleSheet(hex);
  let element = document.getElementById(BRAND_STYLE_ID);
  if (css === null) {
    element?.remove();
  } else {
    if (!element) {
      element = document.createElement('style');
      element.id = BRAND_STYLE_ID;
      document.head.append(element);
    }
    if (element.textContent !== css) element.textContent = css;
  }
  try {
    if (css === null) localStorage.removeItem(BRAND_STORAGE_KEY);
    else localStorage.setItem(BRAND_STORAGE_KEY, css);
  } catch {
    // Blocked storage: the colour still applies once the configuration has loaded.
  }
}

/** Applies the configured brand colour for as long as a shell is shown, and follows changes to it. */
export function useBrandColour(): void {
  const brandColor = usePublicConfig().data?.brandColor;
  useEffect(() => {
    if (brandColor !== undefined) applyBrandColour(brandColor);
  }, [brandColor]);
}

/** The company name of Settings → General; the product's name until the configuration has loaded. */
export function useCompanyName(): string {
  return usePublicConfig().data?.companyName || SETTINGS_DEFAULTS.general.companyName;
}
