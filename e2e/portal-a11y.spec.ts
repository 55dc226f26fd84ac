/** axe-core on every customer screen and open dialog, light and dark. */
import { expectNoSeriousViolations } from './support/axe.js';
import { PORTAL_VIEWS } from './support/portal-views.js';
import { switchTheme, test } from './support/test.js';

test.use({ storageState: async ({ cleo }, use) => use(cleo.storageState) });

for (const view of PORTAL_VIEWS) {
  test(`${view.name} has no serious or critical axe violations, light and dark`, async ({ page }) => {
    await view.open(page);
    for (const theme of ['light', 'dark'] as const) {
      await switchTheme(page, theme);
      await expectNoSeriousViolations(page, `${view.name} (${theme})`);
    }
  });
}
