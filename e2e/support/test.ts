import { type Browser, test as base, type Page } from '@playwright/test';
import { THEME_STORAGE_KEY } from '../../src/shared/constants.js';
import { signInSeeded, signUp, uniqueEmail } from './auth.js';
import { ADMIN_EMAIL, ADMIN_PASSWORD, baseUrl } from './env.js';
import { ANN, BEN, CLEO, DANA, ERIC } from './seed.js';

export { expect } from '@playwright/test';

export type Theme = 'light' | 'dark';

/** Makes every page of the context open in `theme` (the app reads it from local storage at start). */
export async function useTheme(page: Page, theme: Theme) {
  await page.addInitScript(
    ([key, value]) => {
      try {
        localStorage.setItem(key!, value!);
      } catch {
        // about:blank has no storage; the app's pages do.
      }
    },
    [THEME_STORAGE_KEY, theme],
  );
}

/** Switches the theme of the page that is open, without reloading it (its state stays). */
export async function switchTheme(page: Page, theme: Theme) {
  await page.evaluate(
    ([key, value]) => {
      localStorage.setItem(key!, value!);
      document.documentElement.classList.toggle('dark', value === 'dark');
    },
    [THEME_STORAGE_KEY, theme],
  );
  // Colours ease in through CSS transitions; checks and screenshots must see the final ones.
  await page.waitForFunction(() => document.getAnimations().every((a) => a.playState !== 'running'));
}

export interface Customer {
  email: string;
  password: string;
  /** Cookies and storage of a browser in which this customer is signed in. */
  storageState: Awaited<ReturnType<ReturnType<Page['context']>['storageState']>>;
}

type SeededCustomer = { email: string; password: string };

/** Signs a seeded customer in once per worker (the first time ever through account set-up). */
function seededCustomer(
  seeded: SeededCustomer,
): [
  (args: { browser: Browser }, use: (customer: Customer) => Promise<void>) => Promise<void>,
  { scope: 'worker' },
] {
  return [
    async ({ browser }, use) => {
      const context = await browser.newContext({ baseURL: baseUrl() });
      const page = await context.newPage();
      await signInSeeded(page, seeded.email, seeded.password);
      const storageState = await context.storageState();
      await context.close();
      await use({ ...seeded, storageState });
    },
    { scope: 'worker' },
  ];
}

type SeededCustomers = {
  ann: Customer;
  ben: Customer;
  cleo: Customer;
  dana: Customer;
  eric: Customer;
  /** The first admin, signed in once per worker through the real password-and-code flow. */
  admin: Customer;
};

export const test = base.extend<object, { customer: Customer } & SeededCustomers>({
  ann: seededCustomer(ANN),
  ben: seededCustomer(BEN),
  cleo: seededCustomer(CLEO),
  dana: seededCustomer(DANA),
  eric: seededCustomer(ERIC),
  admin: seededCustomer({ email: ADMIN_EMAIL, password: ADMIN_PASSWORD }),
  // biome-ignore lint/correctness/noEmptyPattern: Playwright reads a fixture's dependencies from this pattern.
  baseURL: async ({}, use) => use(baseUrl()),
  /**
   * One customer signed up through the real flow once per worker; tests that only need "a signed-in
   * USER" reuse its session, which keeps the suite under the sign-in rate limits of one IP.
   */
  customer: [
    async ({ browser }, use) => {
      const email = uniqueEmail('shared');
      const password = 'customer-password-1';
      const context = await browser.newContext({ baseURL: baseUrl() });
      const page = await context.newPage();
      await signUp(page, email, password);
      const storageState = await context.storageState();
      await context.close();
      await use({ email, password, storageState });
    },
    { scope: 'worker' },
  ],
});
