/**
 * The signed-in portal in Spanish and French: a customer switches language in Settings and the portal,
 * its toasts and the next e-mail follow; every portal page and the onboarding dialog fit a 375 px
 * phone in both languages (they run about a third longer than English); the dialog passes axe in
 * light and dark and is photographed (long-text.spec.ts does the pages).
 */
import type { Page } from '@playwright/test';
import { expectToast, signInSeeded } from './support/auth.js';
import { expectAccessibleEverywhere } from './support/axe.js';
import { mailsTo } from './support/mail.js';
import { shoot } from './support/screenshots.js';
import { LANGUAGES } from './support/seed-languages.js';
import { expect, test } from './support/test.js';

/** Nothing wider than the phone: no sideways scrolling, no visible box running past the right edge. */
async function expectFitsPhone(page: Page, label: string) {
  await page.setViewportSize({ width: 375, height: 812 });
  const found = await page.evaluate(() => {
    const limit = document.documentElement.clientWidth;
    const offenders: string[] = [];
    for (const element of document.querySelectorAll<HTMLElement>('body *')) {
      const box = element.getBoundingClientRect();
      if (box.width === 0 || box.height === 0) continue;
      // Visually hidden texts (sr-only) are clipped to nothing on purpose.
      const style = getComputedStyle(element);
      if (style.clip === 'rect(0px, 0px, 0px, 0px)' || style.clipPath === 'inset(50%)') continue;
      if (box.right > limit + 1) {
        offenders.push(
          `<${element.tagName.toLowerCase()}> "${(element.textContent ?? '').trim().slice(0, 50)}"`,
        );
      }
    }
    return { scrollWidth: document.documentElement.scrollWidth, limit, offenders: offenders.slice(0, 5) };
  });
  expect(found.offenders, `${label}: boxes past the right edge at 375 px`).toEqual([]);
  expect(found.scrollWidth, `${label}: page width at 375 px`).toBeLessThanOrEqual(found.limit);
  await page.setViewportSize({ width: 1280, height: 800 });
}

/** Switches the portal's language in Settings, as a customer does. */
async function chooseLanguage(page: Page, value: 'es' | 'fr', heading: string, toast: string) {
  await page.goto('/settings');
  await page.getByRole('combobox', { name: 'Language' }).selectOption(value);
  await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
  await expectToast(page, toast);
  await expect(page.locator('html')).toHaveAttribute('lang', value);
}

/**
 * Home, My Orders, the order page, the onboarding dialog and Settings fit a phone; axe and screenshots
 * for the dialog (long-text.spec.ts gives the pages theirs).
 */
async function checkPortalPages(
  page: Page,
  language: 'es' | 'fr',
  texts: {
    home: RegExp;
    orders: string;
    order: string;
    onboarding: string;
    onboardingTitle: string;
    settings: string;
  },
  orderId: string,
) {
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1, name: texts.home })).toBeVisible();
  await expectFitsPhone(page, `${language} home`);

  await page.goto('/orders');
  await expect(page.getByRole('heading', { level: 1, name: new RegExp(`^${texts.orders}`) })).toBeVisible();
  await expect(page.locator('article')).toHaveCount(3);
  await expectFitsPhone(page, `${language} orders`);

  const list = await page.request.get('/api/orders');
  const order = ((await list.json()) as { id: number; orderId: string }[]).find((o) => o.orderId === orderId);
  if (!order) throw new Error(`the seeded order ${orderId} is missing`);
  await page.goto(`/orders/${order.id}`);
  await expect(page.getByRole('heading', { level: 1, name: `${texts.order} ${orderId}` })).toBeVisible();
  await expectFitsPhone(page, `${language} order page`);

  await page.getByRole('button', { name: new RegExp(`^${texts.onboarding}`) }).click();
  const dialog = page.getByRole('dialog', { name: texts.onboardingTitle });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole('button').last()).toBeVisible();
  await expectFitsPhone(page, `${language} onboarding dialog`);
  await expectAccessibleEverywhere(page, `${language} onboarding dialog`);
  await shoot(page, `portal-${language}-onboarding`);
  await page.keyboard.press('Escape');

  await page.goto('/settings');
  await expect(page.getByRole('heading', { level: 1, name: texts.settings })).toBeVisible();
  await expectFitsPhone(page, `${language} settings`);
}

test('a customer switches to Spanish: the portal, its toasts and the next e-mail are in Spanish', async ({
  page,
  browser,
  admin,
  baseURL,
}) => {
  test.setTimeout(180_000);
  const luz = LANGUAGES.es;
  await signInSeeded(page, luz.email, luz.password);
  await chooseLanguage(page, 'es', 'Configuración', 'Idioma cambiado');
  const sidebar = page.getByRole('complementary');
  await expect(sidebar.getByRole('link', { name: 'Mis pedidos' })).toBeVisible();

  // A toast of the portal's own, in Spanish.
  await page.goto('/account');
  await page.getByRole('button', { name: 'Editar perfil' }).click();
  const dialog = page.getByRole('dialog', { name: 'Editar perfil' });
  await dialog.getByLabel('Nombre', { exact: true }).fill('Luz');
  await dialog.getByRole('button', { name: 'Guardar cambios' }).click();
  await expectToast(page, 'Perfil actualizado');

  // The choice is the account's: a fresh page load starts in Spanish.
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: 'Mi cuenta' })).toBeVisible();

  await checkPortalPages(
    page,
    'es',
    {
      home: /^(Buenos días|Buenas tardes|Buenas noches), Luz$/,
      orders: 'Mis pedidos',
      order: 'Pedido',
      onboarding: 'Completar el formulario de registro',
      onboardingTitle: 'Completa tu registro',
      settings: 'Configuración',
    },
    luz.order.orderId,
  );

  // Staff move the order through the API: the customer's e-mail about it is in Spanish.
  const before = (await mailsTo(luz.email)).length;
  const staff = await browser.newContext({ baseURL, storageState: admin.storageState });
  const found = await staff.request.get(`/api/admin/orders?q=${luz.order.orderId}`);
  const order = ((await found.json()) as { items: { id: number }[] }).items[0];
  if (!order) throw new Error('the seeded order is missing');
  const moved = await staff.request.patch(`/api/admin/orders/${order.id}/status`, {
    data: { status: 'SITE_PREP' },
  });
  expect(moved.status()).toBe(200);
  await staff.close();
  const subject = `Pedido ${luz.order.orderId}: Preparación del terreno`;
  await expect
    .poll(
      async () => (await mailsTo(luz.email)).slice(before).some((mail) => mail.subject.startsWith(subject)),
      { message: `an e-mail "${subject}"`, timeout: 20_000 },
    )
    .toBe(true);
});

test('the portal in French fits a phone on every page and reads French', async ({ page }) => {
  test.setTimeout(180_000);
  const flore = LANGUAGES.fr;
  await signInSeeded(page, flore.email, flore.password);
  await chooseLanguage(page, 'fr', 'Paramètres', 'Langue modifiée');
  await checkPortalPages(
    page,
    'fr',
    {
      home: /^(Bonjour|Bon après-midi|Bonsoir)/,
      orders: 'Mes commandes',
      order: 'Commande',
      onboarding: 'Remplir le formulaire d’inscription',
      onboardingTitle: 'Finalisez votre inscription',
      settings: 'Paramètres',
    },
    flore.order.orderId,
  );
});
