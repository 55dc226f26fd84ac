import { THEME_STORAGE_KEY } from './constants.js';

/** The element that holds a brand colour override, and where its text is kept for the next start. */
export const BRAND_STYLE_ID = 'brand-colours';
export const BRAND_STORAGE_KEY = 'orderflow-brand-css';

/**
 * What every page runs before its first paint, so that a dark-theme visitor never sees a light flash
 * and a rebranded portal never flashes the default colour (src/client/lib/brand-colour.ts writes the
 * override). Inline in the page files (the build's scripts/page-preloads.ts), allowed by its hash in
 * the Content-Security-Policy (src/server/http/security-headers.ts): as a file of its own it was a
 * request the first paint waited for. With no stored choice (or storage blocked by privacy settings)
 * the device's colour scheme decides (decision 297).
 */
export const THEME_INIT_SCRIPT = `(() => {
  let stored = null;
  try {
    stored = localStorage.getItem(${JSON.stringify(THEME_STORAGE_KEY)});
  } catch {}
  try {
    if (stored === 'dark' || (stored !== 'light' && matchMedia('(prefers-color-scheme: dark)').matches)) document.documentElement.classList.add('dark');
  } catch {}
  try {
    const brandCss = localStorage.getItem(${JSON.stringify(BRAND_STORAGE_KEY)});
    if (brandCss) {
      const style = document.createElement('style');
      style.id = ${JSON.stringify(BRAND_STYLE_ID)};
      style.textContent = brandCss;
      document.head.append(style);
    }
  } catch {}
})();`;
