import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';
import { VIEWPORTS } from './screenshots.js';
import { switchTheme } from './test.js';

/** axe-core on what the page shows now; serious and critical violations fail. */
export async function expectNoSeriousViolations(page: Page, label: string) {
  // Colours measured in the middle of a fade (a dialog opening, a theme switching) are neither the
  // start's nor the end's: let every finite animation and transition finish first.
  await page.waitForFunction(() =>
    document
      .getAnimations()
      .every(
        (animation) =>
          animation.playState !== 'running' || animation.effect?.getTiming().iterations === Infinity,
      ),
  );
  // Legacy mode runs axe in the page itself. The default opens a blank page and injects axe a
  // second time on every run, which cost about a third of the e2e suite's accessibility time;
  // it skips cross-origin frames, and the app's only frame shows a signing partner's page, not ours.
  const { violations } = await new AxeBuilder({ page }).setLegacyMode().analyze();
  const serious = violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => {
      const nodes = v.nodes.map((n) => `${n.target.join(' ')}: ${n.failureSummary?.split('\n')[1]?.trim()}`);
      return `${v.impact} ${v.id}: ${v.help} [${nodes.join('; ')}]`;
    });
  expect(serious, `axe violations on ${label}`).toEqual([]);
}

/** axe-core in light and dark at each screenshot viewport; leaves the page light at 1280 px. */
export async function expectAccessibleEverywhere(page: Page, label: string) {
  for (const viewport of VIEWPORTS) {
    await page.setViewportSize({ width: viewport.width, height: viewport.height });
    for (const theme of ['light', 'dark'] as const) {
      await switchTheme(page, theme);
      await expectNoSeriousViolations(page, `${label} (${theme}, ${viewport.width} px)`);
    }
  }
  await page.setViewportSize({ width: 1280, height: 800 });
  await switchTheme(page, 'light');
}
