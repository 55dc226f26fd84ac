// Runs before React so a dark-theme visitor never sees a light flash. Keep the key in step with
// THEME_STORAGE_KEY in src/shared/constants.ts.
(() => {
  try {
    if (localStorage.getItem('orderflow-theme') === 'dark') {
      document.documentElement.classList.add('dark');
    }
  } catch {
    // Storage can be blocked (privacy settings); the light default applies.
  }
})();
