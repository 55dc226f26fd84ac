// Runs before React so a dark-theme visitor never sees a light flash, and a rebranded portal never
// flashes the default colour. Keep the keys in step with THEME_STORAGE_KEY in src/shared/constants.ts
// and BRAND_STORAGE_KEY / BRAND_STYLE_ID in src/client/lib/brand-colour.ts.
(() => {
  try {
    if (localStorage.getItem('orderflow-theme') === 'dark') {
      document.documentElement.classList.add('dark');
    }
    const brandCss = localStorage.getItem('orderflow-brand-css');
    if (brandCss) {
      const style = document.createElement('style');
      style.id = 'brand-colours';
      style.textContent = brandCss;
      document.head.append(style);
    }
  } catch {
    // Storage can be blocked (privacy settings); the light default applies.
  }
})();
