/**
 * The signed-in portal in Spanish and French: the customer's stored language switches every screen,
 * counts take their language's plural, dates and amounts their language's form, and the English
 * catalogue keeps the spec's words for the shared schemas' messages.
 */
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ONBOARDING_MESSAGES, ONBOARDING_TOASTS } from '../../../shared/schemas/onboarding.js';
import { changeLocale } from '../../i18n';
import english from '../../locales/en/onboarding.json';
import { makeItem, makeOrder } from '../../test/orders';
import { makeUser, mockApi, renderApp, sessionRoute } from '../../test/utils';

const studio = makeOrder({
  id: 7,
  orderId: 'VH1042',
  productName: 'Studio 240',
  quantity: 3,
  amount: '12345000',
  orderDate: '2025-05-01T10:00:00Z',
  items: [
    makeItem({ itemNumber: 1, status: 'LOCATION_ENABLED' }),
    makeItem({ itemNumber: 2, status: 'PRODUCTION' }),
    makeItem({ itemNumber: 3, status: 'DELIVERED' }),
  ],
});

describe('the portal in Spanish and French', () => {
  it('greets, lists the tasks and counts the delivered units in Spanish for a customer who chose it', async () => {
    mockApi({
      'GET /api/auth/session': sessionRoute(makeUser({ locale: 'es' })),
      'GET /api/orders': {
        body: [
          studio,
          makeOrder({ id: 8, orderId: 'VH1043', quantity: 1, items: [makeItem({ status: 'DELIVERED' })] }),
        ],
      },
    });
    renderApp('/');

    // The page's own main once the screens have switched (the loading frame has one of its own).
    expect(
      await screen.findByRole('heading', {
        level: 1,
        name: /^(Buenos días|Buenas tardes|Buenas noches), Ann$/,
      }),
    ).toBeInTheDocument();
    const main = within(screen.getByRole('main'));
    const todo = await main.findByRole('region', { name: /Pendiente/ });
    expect(
      within(todo).getByRole('link', { name: /Completar el formulario de registro.*VH1042 · Unidad 1/ }),
    ).toBeInTheDocument();
    // The unit's word is the reader's; the rest of its name is the same in every language.
    expect(main.getByRole('link', { name: /^VH1042 · Unidad 2/ })).toBeInTheDocument();
    const units = main.getByRole('region', { name: 'Dónde están tus unidades' });
    expect(within(units).getByText('Producción')).toBeInTheDocument();
    expect(within(units).getByText(/Siguiente: Entrega programada/)).toBeInTheDocument();
    // Two units delivered across the orders: the plural form.
    expect(within(units).getByText(/2 unidades entregadas/)).toBeInTheDocument();
    // The shell follows too.
    const sidebar = within(screen.getByRole('complementary'));
    expect(sidebar.getByRole('link', { name: 'Mis pedidos' })).toBeInTheDocument();
    expect(
      sidebar.getByRole('button', { name: /Tareas de compra\s*Tareas pendientes:\s*1/ }),
    ).toBeInTheDocument();
    expect(document.documentElement.lang).toBe('es');
  });

  it('shows an order page in French: title, unit count, timeline, amounts and dates', async () => {
    await changeLocale('fr');
    mockApi({
      'GET /api/auth/session': sessionRoute(makeUser()),
      'GET /api/orders': { body: [studio] },
      'GET /api/orders/7': { body: studio },
    });
    renderApp('/orders/7');

    expect(await screen.findByRole('heading', { level: 1, name: 'Commande VH1042' })).toBeInTheDocument();
    const main = within(screen.getByRole('main'));
    expect(main.getByText(/Studio 240 · 3 unités/)).toBeInTheDocument();
    expect(main.getByRole('heading', { level: 2, name: /^VH1042 · Unité 2/ })).toHaveTextContent(
      'Unité 2 sur 3',
    );
    const summary = main.getByRole('region', { name: 'Récapitulatif de la commande' });
    // 123 450,00 $US: French groups with a narrow no-break space and writes the currency after.
    expect(within(summary).getByText(/^123\s450,00\s\$US$/)).toBeInTheDocument();
    expect(within(summary).getByText('1 mai 2025')).toBeInTheDocument();
    expect(
      main.getByRole('button', { name: 'Remplir le formulaire d’inscription (1 action en attente)' }),
    ).toBeInTheDocument();
    const timelines = main.getAllByRole('list', { name: 'Chronologie de la commande' });
    expect(within(timelines[1] as HTMLElement).getByText('Production')).toHaveTextContent(
      'Production (étape en cours)',
    );
    expect(main.getByText('Commande en cours de production')).toBeInTheDocument();
  });

  it('keeps the spec’s English words for the onboarding form’s shared messages', () => {
    expect(english.validation).toEqual(ONBOARDING_MESSAGES);
    const { validationTitle, ...toasts } = english.toasts;
    expect(validationTitle).toBe('Validation Error');
    expect(Object.fromEntries(Object.entries(toasts).filter(([name]) => name in ONBOARDING_TOASTS))).toEqual(
      ONBOARDING_TOASTS,
    );
  });
});
