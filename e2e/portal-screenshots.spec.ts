/**
 * @screenshots: every customer screen and dialog, light and dark, at 375 and 1280 px, written to
 * test-results/screenshots/portal-*.png for a person to look at.
 */
import { PORTAL_VIEWS } from './support/portal-views.js';
import { shoot } from './support/screenshots.js';
import { test } from './support/test.js';

test.use({ storageState: async ({ cleo }, use) => use(cleo.storageState) });

test.describe('@screenshots customer portal', () => {
  for (const view of PORTAL_VIEWS) {
    test(view.name, async ({ page }) => {
      await view.open(page);
      await shoot(page, `portal-${view.name}`);
    });
  }
});
