import type { Page } from '@playwright/test';
import { switchTheme } from './test.js';

export const VIEWPORTS = [
  { name: 'mobile', width: 375, height: 812 },
  { name: 'desktop', width: 1280, height: 800 },
] as const;

/**
 * Writes test-results/screenshots/<name>-<theme>-<viewport>.png for what the page shows now, light
 * and dark, at a phone and a desktop size, for a person to look at.
 */
export async function shoot(page: Page, name: string) {
  // An open dialog covers the viewport only: a full-page capture would show the page below it uncovered.
  const fullPage = (await page.getByRole('dialog').or(page.getByRole('alertdialog')).count()) === 0;
  // The pointer stays where the last click was, which would show the next button in its hover colour.
  await page.mouse.move(0, 0);
  for (const viewport of VIEWPORTS) {
    await page.setViewportSize({ width: viewport.width, height: viewport.height });
    for (const theme of ['light', 'dark'] as const) {
      await switchTheme(page, theme);
      await page.screenshot({
        path: `test-results/screenshots/${name}-${theme}-${viewport.name}.png`,
        fullPage,
        animations: 'disabled',
      });
    }
  }
}
