import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

/** axe-core on what the page shows now; serious and critical violations fail. */
export async function expectNoSeriousViolations(page: Page, label: string) {
  const { violations } = await new AxeBuilder({ page }).analyze();
  const serious = violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => {
      const nodes = v.nodes.map((n) => `${n.target.join(' ')}: ${n.failureSummary?.split('\n')[1]?.trim()}`);
      return `${v.impact} ${v.id}: ${v.help} [${nodes.join('; ')}]`;
    });
  expect(serious, `axe violations on ${label}`).toEqual([]);
}
