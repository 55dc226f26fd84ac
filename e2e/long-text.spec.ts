/**
 * Spanish and French run about a third longer than English: every translated public page, opened in
 * each at 375 px, must fit the screen — nothing wider than the viewport, no sideways scrolling.
 * Add a page to LONG_TEXT_PAGES when you translate it (docs/i18n.md).
 */
import type { Page } from '@playwright/test';
import { signUp } from './support/auth.js';
import { expectAccessibleEverywhere } from './support/axe.js';
import { shoot } from './support/screenshots.js';
import { expect, test } from './support/test.js';

interface LongTextPage {
  name: string;
  /** The address to open; may ask the server (as the signed-in Ann) for an id or token first. */
  path: (page: Page) => Promise<string>;
  /** The heading that shows the page is there, per language. */
  heading: Record<'es' | 'fr', string>;
  /** Whether the page needs Ann signed in. */
  signedIn?: boolean;
}

async function annTrackingPath(page: Page): Promise<string> {
  const orders = (await (await page.request.get('/api/orders')).json()) as {
    orderId: string;
    trackingToken: string;
  }[];
  const studio = orders.find((order) => order.orderId === 'VH5001');
  return `/track/${studio?.trackingToken}`;
}

/** Ann's order with units at several stages: the order page's longest texts. */
async function annCabinPath(page: Page): Promise<string> {
  const orders = (await (await page.request.get('/api/orders')).json()) as { id: number; quantity: number }[];
  const largest = [...orders].sort((a, b) => b.quantity - a.quantity)[0];
  return `/orders/${largest?.id}`;
}

/** The same order with a question of Ann's in its conversation (at the foot of the page). */
async function annConversationPath(page: Page): Promise<string> {
  const path = await annCabinPath(page);
  const id = path.split('/').at(-1);
  const posted = await page.request.post(`/api/orders/${id}/messages`, {
    data: { text: 'Can the crew park a truck in the driveway on delivery day?' },
  });
  expect(posted.status()).toBe(201);
  return path;
}

const LONG_TEXT_PAGES: LongTextPage[] = [
  {
    name: 'sign-in',
    path: async () => '/auth',
    heading: { es: 'Te damos la bienvenida', fr: 'Bienvenue' },
  },
  {
    name: 'tracking',
    path: annTrackingPath,
    heading: { es: 'Sigue tu pedido', fr: 'Suivez votre commande' },
    signedIn: true,
  },
  // The signed-in portal (the onboarding dialog and the other languages' journeys are in
  // portal-languages.spec.ts).
  {
    name: 'portal-home',
    path: async () => '/',
    heading: { es: 'Dónde están tus unidades', fr: 'Où en sont vos unités' },
    signedIn: true,
  },
  {
    name: 'portal-orders',
    path: async () => '/orders',
    heading: { es: 'Mis pedidos', fr: 'Mes commandes' },
    signedIn: true,
  },
  {
    name: 'portal-order',
    path: annCabinPath,
    heading: { es: 'Detalles del pedido', fr: 'Détails de la commande' },
    signedIn: true,
  },
  {
    name: 'portal-conversation',
    path: annConversationPath,
    heading: { es: 'Preguntas sobre este pedido', fr: 'Questions sur cette commande' },
    signedIn: true,
  },
  {
    name: 'portal-settings',
    path: async () => '/settings',
    heading: { es: 'Configuración', fr: 'Paramètres' },
    signedIn: true,
  },
];

/** The elements whose box reaches past the right or left edge of the viewport. */
async function overflowing(page: Page) {
  return page.evaluate(() => {
    const width = window.innerWidth;
    const scrolls = (document.scrollingElement?.scrollWidth ?? 0) > width;
    const wide = [...document.querySelectorAll<HTMLElement>('body *')]
      .filter((element) => {
        // Visually hidden texts (sr-only, the skip link until focused) are clipped to nothing on purpose.
        const style = getComputedStyle(element);
        if (style.clip === 'rect(0px, 0px, 0px, 0px)' || style.clipPath === 'inset(50%)') return false;
        const box = element.getBoundingClientRect();
        return box.width > 0 && (box.right > width + 0.5 || box.left < -0.5 || box.width > width);
      })
      .map((element) => `${element.tagName.toLowerCase()}.${element.className}`.slice(0, 120));
    return { scrolls, wide };
  });
}

for (const language of ['es', 'fr'] as const) {
  for (const target of LONG_TEXT_PAGES) {
    test(`${target.name} fits 375 px in ${language}`, async ({ browser, ann }) => {
      const context = await browser.newContext({
        viewport: { width: 375, height: 812 },
        ...(target.signedIn && { storageState: ann.storageState }),
      });
      await context.addInitScript((locale) => localStorage.setItem('orderflow:locale', locale), language);
      const page = await context.newPage();
      await page.goto(await target.path(page));
      await expect(page.getByRole('heading', { name: target.heading[language] })).toBeVisible();
      await expect(page.locator('html')).toHaveAttribute('lang', language);
      expect(await overflowing(page)).toEqual({ scrolls: false, wide: [] });
      await shoot(page, `${target.name}-${language}`);
      await expectAccessibleEverywhere(page, `${target.name} in ${language}`);
      await context.close();
    });
  }
}

// Long words are not only translations: a customer with no name shows as their e-mail's local part,
// and nothing may widen the page for it (docs/style-guide.md#long-text).
test('My Account fits 375 px for a customer with an 80-character e-mail', async ({ browser }) => {
  const domain = '@customer-mail.example.com';
  const email =
    `long-address-${Date.now().toString(36)}-${process.pid}-`.padEnd(80 - domain.length, 'x') + domain;
  expect(email).toHaveLength(80);
  const context = await browser.newContext({ viewport: { width: 375, height: 812 } });
  const page = await context.newPage();
  await signUp(page, email, 'a-new-password-1');
  await page.goto('/account');
  await expect(page.getByRole('heading', { name: 'My Account' })).toBeVisible();
  await expect(page.getByText(email.split('@')[0] as string, { exact: true })).toBeVisible();
  expect(await overflowing(page)).toEqual({ scrolls: false, wide: [] });
  await context.close();
});
